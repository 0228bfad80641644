import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { classMessages, classPageMessages } from '../../classes.ts';

export const classes: Translation<typeof classMessages> = {
  visibilityInvalid: 'Choose who sees the course: everyone, the class only or only you.',
  joinCodeNotFound: 'Code not found',
  joinCodeRequired: 'Enter the course code.',
  draftNoJoin: 'The course is not published yet: you cannot enrol in it.',
  privateNoEnroll: 'This course is for a class: join with the code or link from your teacher.',
  studentNotFound: 'There is no account with this telephone number.',
  draftHasStudents: 'Students are already enrolled in the course: make it private, not a draft.',
};

export const classPages: Translation<typeof classPageMessages> = {
  visibilityLegend: 'Who sees the course',
  visibilityLabel: {
    public: 'Open',
    private: 'Private class',
    draft: 'Draft',
  },
  visibilityHint: {
    public: 'In the catalogue and search: anyone can enrol.',
    private: 'Only for your class: students join with a code or link, or you add them.',
    draft: 'Only you see it: nobody can enrol until the course is opened.',
  },
  badge: {
    private: 'Private class',
    draft: 'Draft',
  },

  accessHeading: 'Course access',
  accessIntroPrivate:
    'Give students the code or the link: they use it to join the course. The course is not in the catalogue.',
  accessIntroPublic:
    'The course is open: people find it in the catalogue. Only a private class needs a code and link.',
  accessIntroDraft:
    'The course is a draft: only you see it. To let students join, make it a private class or open.',
  joinCodeLabel: 'Course code',
  joinLinkLabel: 'Link to join',
  copyCode: 'Copy code',
  copyLink: 'Copy link',
  copied: 'Copied',
  copyFailed: 'Could not copy: select it and copy by hand.',
  qrAlt: icu<[link: string]>('QR code of the link {link}', 'link'),
  qrLoadFailed: 'The QR code could not be shown.',
  fullScreen: 'Show full screen',
  fullScreenClose: 'Close',
  fullScreenInstruction: 'Scan the QR code, or open the link and enter the code:',
  rotateCode: 'New code',
  rotateConfirm:
    'The old code and link stop working at once. Students who have already joined stay in the course. Create a new code?',
  rotateConfirmAction: 'Yes, new code',
  rotateCancel: 'Cancel',
  rotated: 'The new code is ready: the old one no longer works.',
  codeLoadFailed: 'The course code could not be loaded.',
  addStudentHeading: 'Add a student by telephone number',
  addStudentHint: 'The student must already be registered with this number.',
  addStudentLabel: "Student's telephone number",
  addStudentAction: 'Add',
  addStudentDone: icu<[count: number]>('Student added. Students in the course: {count}.', 'count'),
  addStudentFailed: 'The student could not be added.',

  joinTitle: 'Join a course',
  joinSignedOut:
    'You have been invited to a course on Urok. Sign in or sign up and you will go straight to the course.',
  joinCodeShown: icu<[code: string]>('Course code: {code}', 'code'),
  joinSignIn: 'Sign In',
  joinRegister: 'Sign Up',
  joining: 'Joining the course…',
  joinFailed: 'Could not join the course.',
  joinToCatalog: 'To the course catalogue',
  joinToMyCourses: 'To my courses',
  joinFormHeading: 'Join with a code',
  joinFormLabel: 'Code from your teacher',
  joinFormHint: '8 letters and digits, for example K7MP-Q2XA',
  joinFormAction: 'Join',
};
