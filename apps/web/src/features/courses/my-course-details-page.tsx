import { useParams } from 'react-router';
import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

interface MyCourseDetailsPageProps {
  /** Students look the course up among their enrolled courses, teachers among their created ones. */
  scope: 'enrolled' | 'created';
}

/** /mycourse-details/:id */
export function MyCourseDetailsPage({ scope }: MyCourseDetailsPageProps) {
  const { id } = useParams();
  return (
    <PagePlaceholder title={messages.pageMyCourseDetails} description={messages.aboutCourseDetails}>
      <p className="text-sm text-slate-600" data-scope={scope}>
        #{id}
      </p>
    </PagePlaceholder>
  );
}
