/**
 * The static demo screens of spec sections 2, 3 and 9: the 11 demo courses of
 * /course/{id} (their logos stay in the web app) and the two students of the
 * demo grading page /test. Only those lazily loaded pages import it.
 * English: locales/en/demos.ts.
 */
import { defineMessages } from '../i18n/catalog.ts';

/** The words of a demo course (spec section 3). */
export interface DemoCourseText {
  id: number;
  companyName: string;
  courseTitle: string;
  description: string;
  profession: string;
}

/** A hardcoded student of the demo grading page, with their homework topic. */
export interface DemoStudent {
  id: string;
  name: string;
  topic: string;
}

const courses: DemoCourseText[] = [
  {
    id: 1,
    companyName: 'Kvitka Studio',
    courseTitle: 'Основи вебдизайну',
    description:
      'Композиція, колір і типографіка для вебсторінок. За шість тижнів ви зберете макет лендингу у Figma й навчитеся готувати його до верстки.',
    profession: 'UI/UX-дизайнер',
  },
  {
    id: 2,
    companyName: 'Dnipro Labs',
    courseTitle: 'Python для аналізу даних',
    description:
      'Від змінних і циклів до pandas і графіків: аналізуємо відкриті дані українських міст і робимо висновки, які можна показати.',
    profession: 'Аналітик даних',
  },
  {
    id: 3,
    companyName: 'Shkola Online',
    courseTitle: 'Методика онлайн-викладання',
    description:
      'Як тримати увагу класу через екран, давати домашні завдання, що мотивують, і оцінювати роботи справедливо та швидко.',
    profession: 'Викладач',
  },
  {
    id: 4,
    companyName: 'Lviv Soft',
    courseTitle: 'JavaScript з нуля',
    description:
      'Синтаксис, функції, масиви й обʼєкти, робота з DOM і запитами до сервера. Фінальний проєкт — інтерактивний список справ.',
    profession: 'Frontend-розробник',
  },
  {
    id: 5,
    companyName: 'Karpaty Systems',
    courseTitle: 'Алгоритми та структури даних',
    description:
      'Сортування, пошук, стеки, черги, дерева й графи з розбором складності. Готуємося до технічних співбесід на задачах.',
    profession: 'Програміст',
  },
  {
    id: 6,
    companyName: 'Morska Data',
    courseTitle: 'SQL і бази даних',
    description:
      'Проєктуємо таблиці, пишемо запити з JOIN і GROUP BY, додаємо індекси й розбираємося, чому запит повільний.',
    profession: 'Backend-розробник',
  },
  {
    id: 7,
    companyName: 'Step Mobile',
    courseTitle: 'Мобільна розробка на React Native',
    description:
      'Один код — два застосунки: екрани, навігація, робота з камерою й сповіщеннями та публікація у магазинах застосунків.',
    profession: 'Мобільний розробник',
  },
  {
    id: 8,
    companyName: 'Zoryane Nebo',
    courseTitle: 'Астрономія для початківців',
    description:
      'Сузірʼя, планети й телескопи: вчимося орієнтуватися на нічному небі та пояснювати космос простими словами.',
    profession: 'Популяризатор науки',
  },
  {
    id: 9,
    companyName: 'Oko Cameras',
    courseTitle: 'Компʼютерний зір',
    description:
      'Як камера «бачить»: фільтри, розпізнавання облич і предметів, навчання простих нейромереж на власних фотографіях.',
    profession: 'ML-інженер',
  },
  {
    id: 10,
    companyName: 'Chyste Povitria',
    courseTitle: 'Екологія міста',
    description:
      'Якість повітря, вода, відходи й зелені зони: вимірюємо, аналізуємо й готуємо пропозиції для своєї громади.',
    profession: 'Еколог',
  },
  {
    id: 11,
    companyName: 'Urok Academy',
    courseTitle: 'Як навчатися онлайн',
    description:
      'Планування часу, конспекти, що працюють, і звички, які допомагають довести курс до кінця та не вигоріти.',
    profession: 'Студент',
  },
];

const students: DemoStudent[] = [
  { id: 's1', name: 'Олена Коваль', topic: 'Квадратні рівняння' },
  { id: 's2', name: 'Петро Шевченко', topic: 'Фотосинтез у рослин' },
];

export const demoCopy = defineMessages('demos', { courses, students });
