import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /start: the public landing page. */
export function StartPage() {
  return <PagePlaceholder title={messages.pageStart} description={messages.aboutStart} />;
}
