import type { Translation } from '../../i18n/catalog.ts';
import type { gameCopy } from '../../copy/game.ts';

export const game: Translation<typeof gameCopy> = {
  questions: [
    {
      id: 'math-primes',
      question: 'Which of these numbers is prime?',
      options: ['21', '27', '29', '33'],
      answer: 2,
      explanation: '29 is divisible only by 1 and itself; 21 = 3 · 7, 27 = 3 · 9, 33 = 3 · 11.',
    },
    {
      id: 'ukrainian-letters',
      question: 'How many letters are there in the Ukrainian alphabet?',
      options: ['31', '32', '33', '34'],
      answer: 2,
      explanation: 'The Ukrainian alphabet has 33 letters.',
    },
    {
      id: 'biology-photosynthesis',
      question: 'Which gas do plants take in during photosynthesis?',
      options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'],
      answer: 1,
      explanation: 'Plants take in carbon dioxide and give off oxygen.',
    },
    {
      id: 'geography-dnipro',
      question: 'Which is the longest river within Ukraine?',
      options: ['The Dniester', 'The Danube', 'The Southern Buh', 'The Dnipro'],
      answer: 3,
      explanation: 'The Dnipro flows through Ukraine for almost 1,000 kilometres.',
    },
    {
      id: 'physics-units',
      question: 'What is force measured in, in the SI system?',
      options: ['Joules', 'Newtons', 'Watts', 'Pascals'],
      answer: 1,
      explanation:
        'The unit of force is the newton; the joule is work, the watt is power, the pascal is pressure.',
    },
    {
      id: 'chemistry-water',
      question: 'What is the chemical formula of water?',
      options: ['H₂O', 'CO₂', 'O₂', 'NaCl'],
      answer: 0,
      explanation: 'A water molecule is two hydrogen atoms and one oxygen atom.',
    },
    {
      id: 'history-shevchenko',
      question: 'Who wrote the “Kobzar”?',
      options: ['Ivan Franko', 'Lesia Ukrainka', 'Taras Shevchenko', 'Hryhorii Skovoroda'],
      answer: 2,
      explanation: 'The first edition of Taras Shevchenko’s “Kobzar” came out in 1840.',
    },
    {
      id: 'english-plural',
      question: 'What is the plural of the English word “child”?',
      options: ['childs', 'children', 'childes', 'childrens'],
      answer: 1,
      explanation: '“Child” has an irregular plural: “children”.',
    },
    {
      id: 'informatics-bit',
      question: 'How many bits are there in one byte?',
      options: ['4', '8', '10', '16'],
      answer: 1,
      explanation: 'A byte is 8 bits.',
    },
    {
      id: 'learning-spacing',
      question: 'Which way of studying helps you remember material for longest?',
      options: [
        'Rereading everything the night before the exam',
        'Revising with breaks over several days in a row',
        'Only highlighting the text',
        'Studying to loud music',
      ],
      answer: 1,
      explanation: 'Spaced repetition is one of the most reliable ways to remember things.',
    },
  ],
};
