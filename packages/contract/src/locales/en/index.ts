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

// The web app's own texts: the offline pages, the public pages' data, the game.
import { demos } from './demos.ts';
import { featuredCourses } from './featured-courses.ts';
import { game } from './game.ts';
import { offline } from './offline.ts';
import { webUi } from './web-ui.ts';
const webApp = { offline, featuredCourses, demos, game, webUi };

export const english = { signIn, common, ...webApp };

addTranslations('en', english);
