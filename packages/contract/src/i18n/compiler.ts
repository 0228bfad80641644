/**
 * Imported for its effect by the server and the tests: ICU texts compile on
 * first use (Lingui's own compiler). The built web app never imports it; its
 * texts are compiled at build time (apps/web/vite.config.ts).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setMessageCompiler } from './catalog.ts';

setMessageCompiler(compileMessage);
