/**
 * The demo courses' content: sections of lessons with
 * real text, some with a small file, one with a short uploaded video (a file
 * in db/demo-media, made by scripts/render-demo-video.mjs).
 */
import type { LessonDocument } from '@urok/contract';
import type { QuestionBodyInput } from '@urok/contract/schemas';

export interface DemoLesson {
  title: string;
  published: boolean;
  /** A heading (level 2) before the paragraphs, if any. */
  heading?: string;
  paragraphs: string[];
  bullets?: string[];
  code?: string;
  videoUrl?: string;
  /** An uploaded video: a file in db/demo-media and the name it is shown under. */
  video?: { file: string; fileName: string };
  attachment?: { fileName: string; kind: 'pdf' | 'txt'; lines: string[] };
}

export interface DemoSection {
  title: string;
  lessons: DemoLesson[];
}

/** A lesson's document from its parts. */
export function demoDocument(lesson: DemoLesson): LessonDocument {
  const content: LessonDocument['content'] = [];
  if (lesson.heading)
    content.push({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: lesson.heading }],
    });
  for (const paragraph of lesson.paragraphs)
    content.push({ type: 'paragraph', content: [{ type: 'text', text: paragraph }] });
  if (lesson.bullets)
    content.push({
      type: 'bulletList',
      content: lesson.bullets.map((item) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: item }] }],
      })),
    });
  if (lesson.code)
    content.push({
      type: 'codeBlock',
      attrs: { language: 'python' },
      content: [{ type: 'text', text: lesson.code }],
    });
  return { type: 'doc', content };
}

/** Each demo course's sections, by course title; 'Загальне' is the first section every course has. */
export const DEMO_CONTENT: Record<string, DemoSection[]> = {
  'Python для початківців': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Знайомство з Python',
          published: true,
          heading: 'Чому Python',
          paragraphs: [
            'Python — мова, якою користуються і школярі, і науковці, і великі компанії. Її код легко читати, тому вона чудово підходить для першого знайомства з програмуванням.',
            'На цьому занятті ви встановите Python, відкриєте редактор і запустите першу програму.',
          ],
          bullets: [
            'Завантажте Python з python.org і встановіть його.',
            'Відкрийте IDLE або Visual Studio Code.',
            'Запустіть програму print("Привіт, світе!").',
          ],
          code: 'print("Привіт, світе!")',
          attachment: {
            fileName: 'Пам’ятка: встановлення Python.txt',
            kind: 'txt',
            lines: [
              'Встановлення Python',
              '1. Відкрийте python.org і натисніть Downloads.',
              '2. Під час встановлення позначте "Add Python to PATH".',
              '3. Перевірте: у терміналі виконайте python --version.',
            ],
          },
        },
        {
          title: 'Змінні та типи даних',
          published: true,
          paragraphs: [
            'Змінна — це ім’я, яке вказує на значення. У Python не треба оголошувати тип: він визначається значенням.',
            'Основні типи: цілі числа (int), дробові (float), рядки (str) і логічні значення (bool).',
          ],
          code: 'age = 15\nheight = 1.68\nname = "Оля"\nis_student = True',
        },
      ],
    },
    {
      title: 'Умови та цикли',
      lessons: [
        {
          title: 'Умовний оператор if',
          published: true,
          paragraphs: [
            'Оператор if виконує блок коду лише тоді, коли умова істинна. Гілки elif і else описують інші випадки.',
          ],
          code: 'mark = int(input())\nif mark >= 10:\n    print("Відмінно")\nelif mark >= 7:\n    print("Добре")\nelse:\n    print("Є над чим попрацювати")',
        },
        {
          title: 'Цикли for і while',
          published: true,
          paragraphs: [
            'Цикл for проходить по елементах послідовності, а while повторює дію, доки умова істинна.',
            'Спробуйте вивести таблицю множення на 7 за допомогою циклу for і функції range.',
          ],
          code: 'for i in range(1, 11):\n    print(7, "×", i, "=", 7 * i)',
        },
        {
          title: 'Функції (чернетка)',
          published: false,
          paragraphs: ['Ця тема ще готується: тут буде розповідь про def, параметри та return.'],
        },
      ],
    },
  ],
  'Вища математика: границі та похідні': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Поняття границі',
          published: true,
          paragraphs: [
            'Границя функції описує, до якого значення наближається функція, коли аргумент наближається до певної точки.',
            'Наприклад, коли x прямує до 2, значення x² прямує до 4.',
          ],
          attachment: {
            fileName: 'Таблиця важливих границь.pdf',
            kind: 'pdf',
            lines: [
              'Important limits',
              'lim (sin x)/x = 1, x -> 0',
              'lim (1 + 1/n)^n = e, n -> infinity',
              'lim (e^x - 1)/x = 1, x -> 0',
            ],
          },
        },
        {
          title: 'Властивості границь',
          published: true,
          bullets: [
            'Границя суми дорівнює сумі границь.',
            'Границя добутку дорівнює добутку границь.',
            'Сталий множник можна винести за знак границі.',
          ],
          paragraphs: ['Ці властивості дозволяють обчислювати складні границі крок за кроком.'],
        },
      ],
    },
    {
      title: 'Похідна',
      lessons: [
        {
          title: 'Означення похідної',
          published: true,
          paragraphs: [
            'Похідна — це границя відношення приросту функції до приросту аргументу, коли приріст аргументу прямує до нуля.',
            'Геометрично похідна дорівнює кутовому коефіцієнту дотичної до графіка функції.',
          ],
        },
        {
          title: 'Правила диференціювання',
          published: true,
          bullets: ['(u + v)′ = u′ + v′', '(u · v)′ = u′v + uv′', '(u / v)′ = (u′v − uv′) / v²'],
          paragraphs: ['Потренуйтеся: знайдіть похідну функції f(x) = x³ − 2x + 5.'],
        },
      ],
    },
  ],
  'Англійська мова B1: розмовна практика': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Розповідаємо про себе',
          published: true,
          paragraphs: [
            'На першому занятті вчимося коротко розповідати про себе: ім’я, місто, навчання, захоплення.',
            'Корисні фрази: I’m from Lviv. I’m into photography. In my free time I usually…',
          ],
          attachment: {
            fileName: 'Useful phrases.txt',
            kind: 'txt',
            lines: [
              'Useful phrases for introductions',
              "I'm from ... / I live in ...",
              "I'm into ... / I'm keen on ...",
              'In my free time I usually ...',
            ],
          },
        },
        {
          title: 'Present Simple чи Present Continuous',
          published: true,
          paragraphs: [
            'Present Simple описує звички й факти: I walk to school every day.',
            'Present Continuous — те, що відбувається зараз або тимчасово: I’m reading a great book this week.',
          ],
        },
      ],
    },
    {
      title: 'Подорожі',
      lessons: [
        {
          title: 'В аеропорту',
          published: true,
          bullets: [
            'check-in desk — стійка реєстрації',
            'boarding pass — посадковий талон',
            'gate — вихід на посадку',
          ],
          paragraphs: ['Складіть діалог між пасажиром і працівником стійки реєстрації.'],
        },
        {
          title: 'Розповідь про подорож',
          published: true,
          paragraphs: [
            'Розкажіть про свою найцікавішу подорож у Past Simple: куди ви їздили, що бачили, що сподобалося найбільше.',
          ],
        },
      ],
    },
  ],
  'Історія України: від Київської Русі до незалежності': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Київська Русь',
          published: true,
          heading: 'Становлення держави',
          paragraphs: [
            'Київська Русь — середньовічна держава зі столицею в Києві, що досягла розквіту за Володимира Великого та Ярослава Мудрого.',
            'У 988 році князь Володимир запровадив християнство як державну релігію.',
          ],
          attachment: {
            fileName: 'Хронологія Київської Русі.txt',
            kind: 'txt',
            lines: [
              '882 — Олег захоплює Київ',
              '988 — хрещення Русі',
              '1019–1054 — княжіння Ярослава Мудрого',
              '1240 — монгольська навала, падіння Києва',
            ],
          },
        },
        {
          title: 'Галицько-Волинська держава',
          published: true,
          paragraphs: [
            'Після занепаду Києва центр політичного життя перемістився на захід. Данило Романович у 1253 році отримав королівську корону.',
          ],
        },
      ],
    },
    {
      title: 'Козацька доба',
      lessons: [
        {
          title: 'Запорозька Січ',
          published: true,
          paragraphs: [
            'Запорозька Січ — військово-політична організація козацтва за дніпровськими порогами, що мала власну раду та виборну старшину.',
          ],
        },
        {
          title: 'Національно-визвольна війна 1648–1657 років',
          published: true,
          paragraphs: [
            'Війна під проводом Богдана Хмельницького призвела до створення Гетьманщини — козацької держави.',
          ],
        },
      ],
    },
    {
      title: 'ХХ століття',
      lessons: [
        {
          title: 'Відновлення незалежності',
          published: true,
          paragraphs: [
            '24 серпня 1991 року Верховна Рада ухвалила Акт проголошення незалежності України, а 1 грудня його підтвердив всеукраїнський референдум.',
          ],
        },
        {
          title: 'Українська революція 1917–1921 років (чернетка)',
          published: false,
          paragraphs: ['Чернетка: Центральна Рада, Універсали, Акт Злуки.'],
        },
      ],
    },
  ],
  'Фізика: механіка для старшокласників': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Механічний рух',
          published: true,
          paragraphs: [
            'Механічний рух — зміна положення тіла відносно інших тіл з часом. Щоб описати рух, обирають тіло відліку, систему координат і годинник.',
          ],
          attachment: {
            fileName: 'Формули кінематики.pdf',
            kind: 'pdf',
            lines: ['Kinematics', 'v = s / t', 'v = v0 + a t', 's = v0 t + a t^2 / 2'],
          },
        },
        {
          title: 'Швидкість і прискорення',
          published: true,
          paragraphs: [
            'Швидкість показує, яку відстань проходить тіло за одиницю часу. Прискорення — як швидко змінюється швидкість.',
          ],
        },
      ],
    },
    {
      title: 'Динаміка',
      lessons: [
        {
          title: 'Закони Ньютона',
          published: true,
          bullets: [
            'Перший закон: тіло зберігає стан спокою або рівномірного руху, доки на нього не діють інші тіла.',
            'Другий закон: F = m · a.',
            'Третій закон: сили взаємодії рівні за модулем і протилежні за напрямком.',
          ],
          paragraphs: ['Наведіть по одному прикладу кожного закону з повсякденного життя.'],
        },
        {
          title: 'Сила тертя',
          published: true,
          paragraphs: [
            'Сила тертя виникає під час руху одного тіла по поверхні іншого і напрямлена проти руху. Вона залежить від сили нормального тиску та коефіцієнта тертя.',
          ],
        },
      ],
    },
  ],
  'Основи графічного дизайну': [
    {
      title: 'Загальне',
      lessons: [
        {
          title: 'Що таке графічний дизайн',
          published: true,
          paragraphs: [
            'Графічний дизайн — це спосіб передати ідею за допомогою зображень, шрифтів і композиції: від логотипа до афіші та інтерфейсу застосунку.',
          ],
          video: { file: 'design-intro.mp4', fileName: 'Графічний дизайн — вступ.mp4' },
        },
        {
          title: 'Колір і контраст',
          published: true,
          paragraphs: [
            'Колірне коло допомагає підбирати гармонійні поєднання: компліментарні, аналогові, тріадні.',
            'Контраст між текстом і фоном важливий для читабельності: перевіряйте його для кожного макета.',
          ],
          attachment: {
            fileName: 'Палітри для практики.txt',
            kind: 'txt',
            lines: [
              'Палітра 1: #1D3557 #457B9D #A8DADC #F1FAEE',
              'Палітра 2: #264653 #2A9D8F #E9C46A #F4A261',
            ],
          },
        },
      ],
    },
    {
      title: 'Типографіка',
      lessons: [
        {
          title: 'Шрифти з засічками і без',
          published: true,
          paragraphs: [
            'Шрифти з засічками (антиква) часто використовують у книжках, а шрифти без засічок (гротески) — на екранах і в заголовках.',
          ],
        },
        {
          title: 'Ієрархія тексту',
          published: true,
          paragraphs: [
            'Розмір, насиченість і відступи показують читачеві, що головне: заголовок, підзаголовок, основний текст.',
          ],
        },
      ],
    },
  ],
};

/** A demo attempt: who took it, when, and their answer to each question, by the question's index. */
export interface DemoAttempt {
  student: 'andrii' | 'iryna';
  daysAgo: number;
  /** By question index; options by id, matches and order by text; null leaves a question blank. */
  answers: unknown[];
  /** The essay's points and feedback; absent: the essay waits for the teacher. */
  essayGrade?: { points: number; feedback: string };
}

/** A question as the bank takes it (POST courses/{id}/questions), with plain text for its documents. */
export type DemoQuestion = QuestionBodyInput extends infer Q
  ? Q extends unknown
    ? Omit<Q, 'text' | 'explanation'> & { text: string; explanation?: string }
    : never
  : never;

export interface DemoQuiz {
  /** The demo course's title, and the title of its section that holds the quiz. */
  course: string;
  section: string;
  title: string;
  description: string;
  questions: DemoQuestion[];
  attempts: DemoAttempt[];
}

/** The history course's quiz: one question of every kind (DESIGN section 14), and three attempts. */
export const DEMO_QUIZ: DemoQuiz = {
  course: 'Історія України: від Київської Русі до незалежності',
  section: 'Козацька доба',
  title: 'Тест: козацька доба і Хмельниччина',
  description:
    'Вісім запитань про Запорозьку Січ і Національно-визвольну війну 1648–1657 років. Дві спроби по 20 хвилин, зараховується краща.',
  questions: [
    {
      kind: 'single',
      text: 'Хто очолив Національно-визвольну війну українського народу 1648–1657 років?',
      options: [
        { id: 'khmelnytskyi', text: 'Богдан Хмельницький' },
        { id: 'mazepa', text: 'Іван Мазепа' },
        { id: 'sahaidachnyi', text: 'Петро Сагайдачний' },
        { id: 'sirko', text: 'Іван Сірко' },
      ],
      correct: ['khmelnytskyi'],
      explanation: 'Богдана Хмельницького обрали гетьманом на Січі на початку 1648 року.',
    },
    {
      kind: 'multiple',
      text: 'Які битви відбулися 1648 року? Позначте всі правильні відповіді.',
      points: 2,
      options: [
        { id: 'zhovti-vody', text: 'Битва під Жовтими Водами' },
        { id: 'korsun', text: 'Корсунська битва' },
        { id: 'pyliavtsi', text: 'Пилявецька битва' },
        { id: 'berestechko', text: 'Берестецька битва' },
        { id: 'konotop', text: 'Конотопська битва' },
      ],
      correct: ['zhovti-vody', 'korsun', 'pyliavtsi'],
      explanation: 'Берестецька битва відбулася 1651 року, Конотопська — 1659-го.',
    },
    {
      kind: 'truefalse',
      text: 'Переяславська рада відбулася 1654 року.',
      correct: true,
    },
    {
      kind: 'short',
      text: 'Назвіть місто, яке стало резиденцією гетьмана Богдана Хмельницького (одне слово).',
      accepted: ['Чигирин'],
    },
    {
      kind: 'numeric',
      text: 'Приблизно в якому році Дмитро Вишневецький (Байда) збудував замок на острові Мала Хортиця? Зараховується відповідь з похибкою до двох років.',
      value: 1554,
      tolerance: 2,
      explanation: 'Історики датують замок на Малій Хортиці 1552–1556 роками.',
    },
    {
      kind: 'matching',
      text: 'Зіставте гетьмана з подією, пов’язаною з його ім’ям.',
      points: 2,
      pairs: [
        { left: 'Петро Сагайдачний', right: 'Хотинська битва' },
        { left: 'Богдан Хмельницький', right: 'Зборівський договір' },
        { left: 'Іван Виговський', right: 'Конотопська битва' },
        { left: 'Іван Мазепа', right: 'Полтавська битва' },
      ],
    },
    {
      kind: 'ordering',
      text: 'Розташуйте події в хронологічному порядку, від найранішої.',
      points: 2,
      items: [
        'Битва під Жовтими Водами',
        'Зборівський договір',
        'Берестецька битва',
        'Переяславська рада',
      ],
    },
    {
      kind: 'essay',
      text: 'Поясніть у 3–5 реченнях, чому Хмельниччину називають національно-визвольною війною.',
      points: 4,
    },
  ],
  attempts: [
    {
      student: 'andrii',
      daysAgo: 4,
      answers: [
        { optionId: 'mazepa' },
        { optionIds: ['zhovti-vody', 'berestechko'] },
        { value: true },
        { text: ' чигирин ' },
        { value: '1555' },
        {
          matches: [
            'Хотинська битва',
            'Конотопська битва',
            'Зборівський договір',
            'Полтавська битва',
          ],
        },
        {
          order: [
            'Битва під Жовтими Водами',
            'Берестецька битва',
            'Зборівський договір',
            'Переяславська рада',
          ],
        },
        {
          text: 'Бо козаки воювали проти Речі Посполитої за свої права. Війна почалася 1648 року.',
        },
      ],
      essayGrade: {
        points: 2,
        feedback: 'Правильно, але коротко: додайте релігійні та національні причини війни.',
      },
    },
    {
      student: 'iryna',
      daysAgo: 3,
      answers: [
        { optionId: 'khmelnytskyi' },
        { optionIds: ['zhovti-vody', 'korsun', 'pyliavtsi'] },
        { value: true },
        { text: 'Чигирин' },
        { value: '1560' },
        {
          matches: [
            'Хотинська битва',
            'Зборівський договір',
            'Конотопська битва',
            'Полтавська битва',
          ],
        },
        {
          order: [
            'Битва під Жовтими Водами',
            'Зборівський договір',
            'Берестецька битва',
            'Переяславська рада',
          ],
        },
        {
          text: 'Війна була не лише повстанням козаків, а боротьбою всього народу: селян, міщан і духовенства. Вона виникла через соціальний, релігійний і національний гніт у Речі Посполитій. Її наслідком стала власна держава — Гетьманщина з гетьманом на чолі, своїм військом, судом і фінансами.',
        },
      ],
      essayGrade: {
        points: 4,
        feedback: 'Чудова відповідь: і причини, і наслідки, і хто воював.',
      },
    },
    {
      student: 'andrii',
      daysAgo: 2,
      answers: [
        { optionId: 'khmelnytskyi' },
        { optionIds: ['zhovti-vody', 'korsun'] },
        { value: false },
        { text: 'Батурин' },
        { value: '1554' },
        {
          matches: [
            'Хотинська битва',
            'Зборівський договір',
            'Конотопська битва',
            'Полтавська битва',
          ],
        },
        null,
        {
          text: 'Українці боролися за власну державу і віру проти польської шляхти. Козаки, селяни й міщани воювали разом, тому це була війна всього народу, а не лише козацьке повстання.',
        },
      ],
    },
  ],
};
