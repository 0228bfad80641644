import { useParams } from 'react-router';
import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /course/:id: a static demo course. */
export function DemoCoursePage() {
  const { id } = useParams();
  return (
    <PagePlaceholder title={messages.pageDemoCourse} description={messages.aboutDemoCourse}>
      <p className="text-sm text-slate-600">#{id}</p>
    </PagePlaceholder>
  );
}
