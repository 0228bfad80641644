import type { Translation } from '../../i18n/catalog.ts';
import type { featuredCourseCopy } from '../../copy/featured-courses.ts';

export const featuredCourses: Translation<typeof featuredCourseCopy> = {
  courses: [
    {
      id: 1,
      title: 'Maths for the NMT',
      tagline:
        'We revise school maths step by step and practise on tasks in the format of the NMT, the national entrance test.',
      category: 'Mathematics',
      level: 'Intermediate',
      weeks: 10,
      hoursPerWeek: 4,
      teacher: {
        name: 'Iryna Melnyk',
        role: 'Senior maths teacher',
        bio: 'Has prepared school leavers for the ZNO and the NMT for 15 years; author of a book of practice tests.',
      },
      outcomes: [
        'Solve equations and inequalities of every school type',
        'Work with functions and their graphs',
        'Solve geometry problems with confidence',
        'Pace yourself in a test and check your work',
      ],
      modules: [
        {
          title: 'Algebra',
          lessons: [
            'Expressions and transformations',
            'Equations and inequalities',
            'Progressions',
          ],
        },
        {
          title: 'Functions',
          lessons: ['Properties of functions', 'The derivative and its uses', 'Graphs'],
        },
        {
          title: 'Geometry',
          lessons: ['Plane geometry', 'Solid geometry', 'Vectors and coordinates'],
        },
        { title: 'Practice', lessons: ['A mock test', 'Learning from mistakes', 'Exam strategy'] },
      ],
    },
    {
      id: 2,
      title: 'English for Everyday Conversation',
      tagline: 'From A2 to B1: speaking, listening and writing about daily life, study and travel.',
      category: 'Foreign languages',
      level: 'Beginner',
      weeks: 12,
      hoursPerWeek: 3,
      teacher: {
        name: 'Olha Bondarenko',
        role: 'English teacher, CELTA',
        bio: 'Has taught at language schools in Kyiv and Edinburgh; loves conversation clubs and podcasts.',
      },
      outcomes: [
        'Keep up a conversation on everyday topics',
        'Understand native speakers talking slowly',
        'Write letters and short messages',
        'Use the main tenses without mistakes',
      ],
      modules: [
        { title: 'Getting to know you', lessons: ['About me', 'Family and friends', 'My day'] },
        {
          title: 'Town and travel',
          lessons: ['Asking the way', 'At a café and in a shop', 'Booking'],
        },
        {
          title: 'Study and work',
          lessons: ['School and university', 'Jobs', 'Plans for the future'],
        },
      ],
    },
    {
      id: 4,
      title: 'Programming Basics in Python',
      tagline: 'Your first programs in a week, your own game by the end of the course.',
      category: 'Computer science',
      level: 'Beginner',
      weeks: 8,
      hoursPerWeek: 5,
      teacher: {
        name: 'Andrii Tkachenko',
        role: 'Software developer and computer science teacher',
        bio: 'Builds the back end of education services and runs a programming club for school pupils.',
      },
      outcomes: [
        'Write programs with conditions and loops',
        'Work with lists, dictionaries and files',
        'Break a problem down into functions',
        'Build a small game of your own',
      ],
      modules: [
        { title: 'First steps', lessons: ['Variables and types', 'Conditions', 'Loops'] },
        { title: 'Data', lessons: ['Lists', 'Dictionaries', 'Files'] },
        { title: 'Project', lessons: ['Functions', 'Modules', 'The “Guess the Number” game'] },
      ],
    },
    {
      id: 5,
      title: 'Ukrainian Literature: from Shevchenko to Today',
      tagline: 'We read, discuss and write about the works that shaped Ukrainian culture.',
      category: 'Literature',
      level: 'Intermediate',
      weeks: 9,
      hoursPerWeek: 3,
      teacher: {
        name: 'Nataliia Honcharenko',
        role: 'Literary scholar, PhD in philology',
        bio: 'Researches twentieth-century literature and runs a book club for senior pupils.',
      },
      outcomes: [
        'Analyse a literary text and its context',
        'Compare literary periods and movements',
        'Write a well-argued essay',
        'Know the key authors and works',
      ],
      modules: [
        {
          title: 'The nineteenth century',
          lessons: ['Taras Shevchenko', 'Ivan Franko', 'Lesia Ukrainka'],
        },
        {
          title: 'The Executed Renaissance',
          lessons: ['Mykola Khvylovy', 'Pavlo Tychyna', 'Valerian Pidmohylny'],
        },
        {
          title: 'Our time',
          lessons: ['The Sixtiers', 'Prose of the 1990s', 'Contemporary poetry'],
        },
      ],
    },
    {
      id: 6,
      title: 'Physics All Around Us',
      tagline:
        'The laws of physics through examples from the kitchen, the road and your smartphone.',
      category: 'Physics',
      level: 'Beginner',
      weeks: 8,
      hoursPerWeek: 3,
      teacher: {
        name: 'Serhii Kravchuk',
        role: 'Physics teacher and popular science blogger',
        bio: 'Runs experiments with everyday materials and explains hard things without needless formulas.',
      },
      outcomes: [
        'Explain everyday phenomena',
        'Solve problems in mechanics and electricity',
        'Set up simple experiments at home',
        'Estimate quantities by eye',
      ],
      modules: [
        { title: 'Mechanics', lessons: ['Motion and speed', 'Forces', 'Energy'] },
        { title: 'Heat', lessons: ['Temperature', 'Heat transfer', 'States of matter'] },
        {
          title: 'Electricity',
          lessons: ['Current and voltage', 'Circuits', 'How a smartphone works'],
        },
      ],
    },
    {
      id: 7,
      title: 'Web Development: HTML, CSS and JavaScript',
      tagline: 'We build your own portfolio site, from the first tag to publishing it.',
      category: 'Computer science',
      level: 'Beginner',
      weeks: 10,
      hoursPerWeek: 5,
      teacher: {
        name: 'Marta Lytvyn',
        role: 'Front-end developer',
        bio: 'Builds accessible interfaces for public services and mentors newcomers.',
      },
      outcomes: [
        'Lay out responsive pages',
        'Bring a page to life with JavaScript',
        'Take care of accessibility and speed',
        'Publish a site on the web',
      ],
      modules: [
        {
          title: 'HTML',
          lessons: ['Page structure', 'Forms', 'Semantics and accessibility'],
        },
        {
          title: 'CSS',
          lessons: ['Selectors and the cascade', 'Flexbox and Grid', 'Responsive design'],
        },
        {
          title: 'JavaScript',
          lessons: ['Language basics', 'The DOM and events', 'Requests to a server'],
        },
      ],
    },
    {
      id: 8,
      title: 'History of Ukraine: Key Events',
      tagline: 'From Kyivan Rus to independence: the events that explain the present.',
      category: 'History',
      level: 'Intermediate',
      weeks: 10,
      hoursPerWeek: 3,
      teacher: {
        name: 'Oleksandr Rudenko',
        role: 'Historian and history teacher',
        bio: 'Leads educational tours of Kyiv and works with archival sources.',
      },
      outcomes: [
        'Find your way around the periods of Ukrainian history',
        'Work with historical sources',
        'Link the causes and consequences of events',
        'Argue about the past with evidence',
      ],
      modules: [
        {
          title: 'The Middle Ages',
          lessons: ['Kyivan Rus', 'The Kingdom of Galicia–Volhynia', 'The Lithuanian period'],
        },
        {
          title: 'The early modern period',
          lessons: ['The Cossacks', 'The Hetmanate', 'The imperial period'],
        },
        {
          title: 'The 20th and 21st centuries',
          lessons: ['The Ukrainian Revolution', 'The Soviet period', 'Independence'],
        },
      ],
    },
    {
      id: 9,
      title: 'Chemistry Without Fear',
      tagline:
        'Chemistry made clear: from the structure of the atom to reactions that happen every day.',
      category: 'Chemistry',
      level: 'Beginner',
      weeks: 8,
      hoursPerWeek: 3,
      teacher: {
        name: 'Viktoriia Savchenko',
        role: 'Chemistry teacher',
        bio: 'Believes chemistry is about interesting questions, not memorising formulas.',
      },
      outcomes: [
        'Read the periodic table',
        'Write and balance chemical equations',
        'Solve calculation problems',
        'Handle substances safely',
      ],
      modules: [
        {
          title: 'The structure of matter',
          lessons: ['The atom', 'The periodic law', 'Chemical bonds'],
        },
        { title: 'Reactions', lessons: ['Types of reaction', 'Equations', 'Reaction rates'] },
        {
          title: 'Chemistry in everyday life',
          lessons: ['Acids and bases', 'Organic substances', 'Household chemicals'],
        },
      ],
    },
    {
      id: 10,
      title: 'Human Biology',
      tagline: 'How our body works and how to look after it.',
      category: 'Biology',
      level: 'Intermediate',
      weeks: 9,
      hoursPerWeek: 3,
      teacher: {
        name: 'Dmytro Oliinyk',
        role: 'Doctor and biology teacher',
        bio: 'Combines medical practice with teaching and writes about health for teenagers.',
      },
      outcomes: [
        'Explain how the organ systems work',
        'Understand the basics of genetics',
        'Judge health information critically',
        'Give first aid',
      ],
      modules: [
        { title: 'Cells and tissues', lessons: ['Cell structure', 'Tissues', 'Metabolism'] },
        {
          title: 'Organ systems',
          lessons: ['Circulation', 'Breathing', 'The nervous system'],
        },
        { title: 'Health', lessons: ['Immunity', 'Nutrition', 'First aid'] },
      ],
    },
    {
      id: 11,
      title: 'Financial Literacy for Teenagers',
      tagline: 'Budgets, savings and first investments, simply and with examples.',
      category: 'Economics',
      level: 'Beginner',
      weeks: 6,
      hoursPerWeek: 2,
      teacher: {
        name: 'Kateryna Polishchuk',
        role: 'Financial adviser',
        bio: 'Runs financial literacy workshops in schools all over Ukraine.',
      },
      outcomes: [
        'Draw up a personal budget',
        'Tell needs from wants',
        'Understand how bank cards and loans work',
        'Spot financial fraud',
      ],
      modules: [
        { title: 'Money', lessons: ['Where money comes from', 'Budget', 'Savings'] },
        { title: 'Banks', lessons: ['Cards and accounts', 'Loans', 'Safe payments'] },
        { title: 'The future', lessons: ['Inflation', 'Investments', 'Your first earnings'] },
      ],
    },
    {
      id: 12,
      title: 'Digital Safety',
      tagline: 'Protecting your accounts, devices and personal data online.',
      category: 'Computer science',
      level: 'Beginner',
      weeks: 5,
      hoursPerWeek: 2,
      teacher: {
        name: 'Bohdan Moroz',
        role: 'Cybersecurity specialist',
        bio: 'Investigates security incidents and teaches school and community teams digital hygiene.',
      },
      outcomes: [
        'Create strong passwords and turn on two-factor protection',
        'Recognise phishing',
        'Set up privacy on social media',
        'Use public Wi-Fi safely',
      ],
      modules: [
        {
          title: 'Accounts',
          lessons: ['Passwords', 'Two-factor authentication', 'Password managers'],
        },
        { title: 'Threats', lessons: ['Phishing', 'Malware', 'Social engineering'] },
        { title: 'Privacy', lessons: ['Social media', 'Mobile apps', 'Your digital footprint'] },
      ],
    },
    {
      id: 13,
      title: 'Public Speaking',
      tagline:
        'Speaking with confidence: from answering at the blackboard to presenting at a conference.',
      category: 'Soft skills',
      level: 'All levels',
      weeks: 6,
      hoursPerWeek: 2,
      teacher: {
        name: 'Yuliia Kravets',
        role: 'Public speaking coach',
        bio: 'Has coached speakers for TEDx and school debating tournaments.',
      },
      outcomes: [
        'Build a talk with a clear structure',
        'Overcome nerves in front of an audience',
        'Work with your voice and gestures',
        'Answer difficult questions',
      ],
      modules: [
        {
          title: 'Preparation',
          lessons: ['Purpose and audience', 'The structure of a talk', 'Slides'],
        },
        { title: 'Delivery', lessons: ['Voice', 'Body language', 'Nerves'] },
        { title: 'Practice', lessons: ['A short talk', 'Questions and answers', 'Debates'] },
      ],
    },
  ],
};
