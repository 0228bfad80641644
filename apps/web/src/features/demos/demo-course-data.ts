import { DEMO_LOGOS } from './logos';

/** A demo course of spec section 3 (/course/{id}). */
export interface DemoCourse {
  id: number;
  companyLogo: string;
  companyName: string;
  courseTitle: string;
  description: string;
  profession: string;
}

/** The 11 static demo courses (spec sections 2 and 9). */
export const DEMO_COURSES: DemoCourse[] = [
  {
    id: 1,
    companyLogo: DEMO_LOGOS.kvitkaStudio,
    companyName: 'Kvitka Studio',
    courseTitle: 'Основи вебдизайну',
    description:
      'Композиція, колір і типографіка для вебсторінок. За шість тижнів ви зберете макет лендингу у Figma й навчитеся готувати його до верстки.',
    profession: 'UI/UX-дизайнер',
  },
  {
    id: 2,
    companyLogo: DEMO_LOGOS.dniproLabs,
    companyName: 'Dnipro Labs',
    courseTitle: 'Python для аналізу даних',
    description:
      'Від змінних і циклів до pandas і графіків: аналізуємо відкриті дані українських міст і робимо висновки, які можна показати.',
    profession: 'Аналітик даних',
  },
  {
    id: 3,
    companyLogo: DEMO_LOGOS.shkolaOnline,
    companyName: 'Shkola Online',
    courseTitle: 'Методика онлайн-викладання',
    description:
      'Як тримати увагу класу через екран, давати домашні завдання, що мотивують, і оцінювати роботи справедливо та швидко.',
    profession: 'Викладач',
  },
  {
    id: 4,
    companyLogo: DEMO_LOGOS.lvivSoft,
    companyName: 'Lviv Soft',
    courseTitle: 'JavaScript з нуля',
    description:
      'Синтаксис, функції, масиви й обʼєкти, робота з DOM і запитами до сервера. Фінальний проєкт — інтерактивний список справ.',
    profession: 'Frontend-розробник',
  },
  {
    id: 5,
    companyLogo: DEMO_LOGOS.karpatySystems,
    companyName: 'Karpaty Systems',
    courseTitle: 'Алгоритми та структури даних',
    description:
      'Сортування, пошук, стеки, черги, дерева й графи з розбором складності. Готуємося до технічних співбесід на задачах.',
    profession: 'Програміст',
  },
  {
    id: 6,
    companyLogo: DEMO_LOGOS.morskaData,
    companyName: 'Morska Data',
    courseTitle: 'SQL і бази даних',
    description:
      'Проєктуємо таблиці, пишемо запити з JOIN і GROUP BY, додаємо індекси й розбираємося, чому запит повільний.',
    profession: 'Backend-розробник',
  },
  {
    id: 7,
    companyLogo: DEMO_LOGOS.stepMobile,
    companyName: 'Step Mobile',
    courseTitle: 'Мобільна розробка на React Native',
    description:
      'Один код — два застосунки: екрани, навігація, робота з камерою й сповіщеннями та публікація у магазинах застосунків.',
    profession: 'Мобільний розробник',
  },
  {
    id: 8,
    companyLogo: DEMO_LOGOS.zoryaneNebo,
    companyName: 'Zoryane Nebo',
    courseTitle: 'Астрономія для початківців',
    description:
      'Сузірʼя, планети й телескопи: вчимося орієнтуватися на нічному небі та пояснювати космос простими словами.',
    profession: 'Популяризатор науки',
  },
  {
    id: 9,
    companyLogo: DEMO_LOGOS.okoCameras,
    companyName: 'Oko Cameras',
    courseTitle: 'Компʼютерний зір',
    description:
      'Як камера «бачить»: фільтри, розпізнавання облич і предметів, навчання простих нейромереж на власних фотографіях.',
    profession: 'ML-інженер',
  },
  {
    id: 10,
    companyLogo: DEMO_LOGOS.chystePovitria,
    companyName: 'Chyste Povitria',
    courseTitle: 'Екологія міста',
    description:
      'Якість повітря, вода, відходи й зелені зони: вимірюємо, аналізуємо й готуємо пропозиції для своєї громади.',
    profession: 'Еколог',
  },
  {
    id: 11,
    companyLogo: DEMO_LOGOS.urokAcademy,
    companyName: 'Urok Academy',
    courseTitle: 'Як навчатися онлайн',
    description:
      'Планування часу, конспекти, що працюють, і звички, які допомагають довести курс до кінця та не вигоріти.',
    profession: 'Студент',
  },
];

/** The course of a /course/{id} path segment; only a plain positive number matches. */
export function findDemoCourse(id: string | undefined): DemoCourse | undefined {
  if (id === undefined || !/^[1-9]\d{0,5}$/.test(id)) return undefined;
  return DEMO_COURSES.find((course) => course.id === Number(id));
}
