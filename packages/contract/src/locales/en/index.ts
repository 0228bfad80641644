/**
 * The English catalog (DESIGN section 16): one module per message module,
 * registered when a page first speaks English (the web app imports this
 * module on demand, so a Ukrainian page never loads it; the server loads it
 * at start). A module's type is its Ukrainian module's: a missing or extra
 * key, or a message with other values, does not compile.
 */
import { addTranslations } from '../../i18n/catalog.ts';
import { common } from './common.ts';
import { signIn } from './sign-in.ts';
// ---- Course content, courses and grades, assignments, quizzes ----
import { content } from './content.ts';
import { course, grades, grading } from './course.ts';
import { assignment } from './assignment.ts';
import { quiz } from './quiz.ts';
import { quizImport } from './quiz-import.ts';
import { quizPage } from './quiz-page.ts';
// ---- end of course content, courses and grades, assignments, quizzes ----
// ---- site, console, account, classes, notifications ----
import { account } from './account.ts';
import { admin } from './admin.ts';
import { appUpdate } from './app-update.ts';
import { classes, classPages } from './classes.ts';
import { courseTabs } from './course-tabs.ts';
import {
  notificationKinds,
  notificationMail,
  notifications,
  notificationTexts,
} from './notifications.ts';
import { site } from './site.ts';
import { upload } from './upload.ts';
// ---- end of site, console, account, classes, notifications ----

// ---- the web app's own texts: the offline pages, the public pages' data, the game ----
import { demos } from './demos.ts';
import { featuredCourses } from './featured-courses.ts';
import { game } from './game.ts';
import { offline } from './offline.ts';
import { webUi } from './web-ui.ts';
// ---- end of the web app's own texts ----
// ---- The server's own words ----
import { server } from './server.ts';
// ---- end of the server's own words ----

export const english = {
  signIn,
  common,
  // ---- Course content, courses and grades, assignments, quizzes ----
  content,
  course,
  grades,
  grading,
  assignment,
  quiz,
  quizImport,
  quizPage,
  // ---- end of course content, courses and grades, assignments, quizzes ----
  // ---- site, console, account, classes, notifications ----
  account,
  admin,
  appUpdate,
  classes,
  classPages,
  courseTabs,
  notificationKinds,
  notificationMail,
  notifications,
  notificationTexts,
  site,
  upload,
  // ---- end of site, console, account, classes, notifications ----
  // ---- the web app's own texts ----
  offline,
  featuredCourses,
  demos,
  game,
  webUi,
  // ---- end of the web app's own texts ----
  // ---- The server's own words ----
  server,
  // ---- end of the server's own words ----
};

addTranslations('en', english);
