import { useSearchParams } from 'react-router';
import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /course-grid-page: all courses (the header search lands here with ?q=). */
export function CourseGridPage() {
  const [params] = useSearchParams();
  const query = params.get('q');
  return (
    <PagePlaceholder title={messages.pageAllCourses} description={messages.aboutAllCourses}>
      {query && (
        <p className="text-sm text-slate-700">
          {messages.searchCourses}: <strong>{query}</strong>
        </p>
      )}
    </PagePlaceholder>
  );
}
