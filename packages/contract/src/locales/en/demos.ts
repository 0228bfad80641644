import type { Translation } from '../../i18n/catalog.ts';
import type { demoCopy } from '../../copy/demos.ts';

export const demos: Translation<typeof demoCopy> = {
  courses: [
    {
      id: 1,
      companyName: 'Kvitka Studio',
      courseTitle: 'Web Design Basics',
      description:
        'Composition, colour and typography for web pages. In six weeks you will put together a landing page mock-up in Figma and learn to get it ready for coding.',
      profession: 'UI/UX designer',
    },
    {
      id: 2,
      companyName: 'Dnipro Labs',
      courseTitle: 'Python for Data Analysis',
      description:
        'From variables and loops to pandas and charts: we analyse open data from Ukrainian cities and draw conclusions worth showing.',
      profession: 'Data analyst',
    },
    {
      id: 3,
      companyName: 'Shkola Online',
      courseTitle: 'Teaching Online',
      description:
        'How to hold a class’s attention through a screen, set homework that motivates, and mark work fairly and quickly.',
      profession: 'Teacher',
    },
    {
      id: 4,
      companyName: 'Lviv Soft',
      courseTitle: 'JavaScript from Scratch',
      description:
        'Syntax, functions, arrays and objects, the DOM and requests to a server. The final project is an interactive to-do list.',
      profession: 'Front-end developer',
    },
    {
      id: 5,
      companyName: 'Karpaty Systems',
      courseTitle: 'Algorithms and Data Structures',
      description:
        'Sorting, searching, stacks, queues, trees and graphs, with their complexity explained. We prepare for technical interviews through problems.',
      profession: 'Programmer',
    },
    {
      id: 6,
      companyName: 'Morska Data',
      courseTitle: 'SQL and Databases',
      description:
        'We design tables, write queries with JOIN and GROUP BY, add indexes and find out why a query is slow.',
      profession: 'Back-end developer',
    },
    {
      id: 7,
      companyName: 'Step Mobile',
      courseTitle: 'Mobile Development with React Native',
      description:
        'One codebase, two apps: screens, navigation, the camera and notifications, and publishing to the app stores.',
      profession: 'Mobile developer',
    },
    {
      id: 8,
      companyName: 'Zoryane Nebo',
      courseTitle: 'Astronomy for Beginners',
      description:
        'Constellations, planets and telescopes: we learn to find our way around the night sky and explain space in simple words.',
      profession: 'Science communicator',
    },
    {
      id: 9,
      companyName: 'Oko Cameras',
      courseTitle: 'Computer Vision',
      description:
        'How a camera “sees”: filters, recognising faces and objects, and training simple neural networks on your own photos.',
      profession: 'ML engineer',
    },
    {
      id: 10,
      companyName: 'Chyste Povitria',
      courseTitle: 'Urban Ecology',
      description:
        'Air quality, water, waste and green spaces: we measure, analyse and prepare proposals for our community.',
      profession: 'Ecologist',
    },
    {
      id: 11,
      companyName: 'Urok Academy',
      courseTitle: 'How to Learn Online',
      description:
        'Time planning, notes that work, and habits that help you finish a course without burning out.',
      profession: 'Student',
    },
  ],
  students: [
    { id: 's1', name: 'Olena Koval', topic: 'Quadratic equations' },
    { id: 's2', name: 'Petro Shevchenko', topic: 'Photosynthesis in plants' },
  ],
};
