import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /vacancylist: the demo job board. */
export function VacancyListPage() {
  return <PagePlaceholder title={messages.pageVacancies} description={messages.aboutVacancies} />;
}
