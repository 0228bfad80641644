import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /contacts: a student's teachers, a teacher's students (DESIGN.md section 6). */
export function ContactsPage() {
  return <PagePlaceholder title={messages.pageContacts} description={messages.aboutContacts} />;
}
