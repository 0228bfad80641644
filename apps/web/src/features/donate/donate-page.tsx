import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /donate: how to support the platform. */
export function DonatePage() {
  return <PagePlaceholder title={messages.pageDonate} description={messages.aboutDonate} />;
}
