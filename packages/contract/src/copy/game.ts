/**
 * The questions of /game, a short quiz about learning and school subjects:
 * four options, one right, and a line of explanation. Only the game's lazily
 * loaded page imports it. English: locales/en/game.ts.
 */
import { defineMessages } from '../i18n/catalog.ts';

/** A quiz question shipped with the app: four options, one right. */
export interface QuizQuestion {
  id: string;
  question: string;
  options: readonly string[];
  /** Index into options. */
  answer: number;
  /** One line shown after the answer, right or wrong. */
  explanation: string;
}

const questions: readonly QuizQuestion[] = [
  {
    id: 'math-primes',
    question: 'Яке з цих чисел просте?',
    options: ['21', '27', '29', '33'],
    answer: 2,
    explanation: '29 ділиться лише на 1 і на себе; 21 = 3 · 7, 27 = 3 · 9, 33 = 3 · 11.',
  },
  {
    id: 'ukrainian-letters',
    question: 'Скільки літер в українській абетці?',
    options: ['31', '32', '33', '34'],
    answer: 2,
    explanation: 'Українська абетка має 33 літери.',
  },
  {
    id: 'biology-photosynthesis',
    question: 'Який газ рослини поглинають під час фотосинтезу?',
    options: ['Кисень', 'Вуглекислий газ', 'Азот', 'Водень'],
    answer: 1,
    explanation: 'Рослини поглинають вуглекислий газ і виділяють кисень.',
  },
  {
    id: 'geography-dnipro',
    question: 'Яка річка найдовша в межах України?',
    options: ['Дністер', 'Дунай', 'Південний Буг', 'Дніпро'],
    answer: 3,
    explanation: 'Дніпро тече Україною майже на 1000 кілометрів.',
  },
  {
    id: 'physics-units',
    question: 'У чому вимірюють силу в системі СІ?',
    options: ['У джоулях', 'У ньютонах', 'У ватах', 'У паскалях'],
    answer: 1,
    explanation: 'Одиниця сили — ньютон; джоуль — це робота, ват — потужність, паскаль — тиск.',
  },
  {
    id: 'chemistry-water',
    question: 'Яка хімічна формула води?',
    options: ['H₂O', 'CO₂', 'O₂', 'NaCl'],
    answer: 0,
    explanation: 'Молекула води — два атоми водню й один атом кисню.',
  },
  {
    id: 'history-shevchenko',
    question: 'Хто написав «Кобзар»?',
    options: ['Іван Франко', 'Леся Українка', 'Тарас Шевченко', 'Григорій Сковорода'],
    answer: 2,
    explanation: 'Перше видання «Кобзаря» Тараса Шевченка вийшло 1840 року.',
  },
  {
    id: 'english-plural',
    question: 'Яка форма множини англійського слова «child»?',
    options: ['childs', 'children', 'childes', 'childrens'],
    answer: 1,
    explanation: '«Child» має неправильну множину — «children».',
  },
  {
    id: 'informatics-bit',
    question: 'Скільки бітів в одному байті?',
    options: ['4', '8', '10', '16'],
    answer: 1,
    explanation: 'Байт — це 8 бітів.',
  },
  {
    id: 'learning-spacing',
    question: 'Який спосіб допомагає краще запамʼятати матеріал надовго?',
    options: [
      'Перечитати все за ніч перед іспитом',
      'Повторювати з перервами кілька днів поспіль',
      'Лише підкреслювати текст маркером',
      'Вчити під гучну музику',
    ],
    answer: 1,
    explanation: 'Інтервальне повторення — один із найнадійніших способів запамʼятовування.',
  },
];

export const gameCopy = defineMessages('game', { questions });
