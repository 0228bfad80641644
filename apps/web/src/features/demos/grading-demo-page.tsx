import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /test: the demo teacher grading page. */
export function GradingDemoPage() {
  return <PagePlaceholder title={messages.pageTest} description={messages.aboutTest} />;
}
