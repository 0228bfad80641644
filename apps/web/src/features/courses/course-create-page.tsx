import { useNavigate } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { asFailure } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { CourseForm } from './components/course-form';
import { PageFrame } from './components/page-frame';
import { useCreateCourseMutation, type CourseFormInput } from './courses-api';

/** /courseCreate (teachers only): the new course, then its page. */
export function CourseCreatePage() {
  useDocumentTitle(messages.pageCreateCourse);
  const [createCourse] = useCreateCourseMutation();
  const navigate = useNavigate();

  const onSubmit = async (input: CourseFormInput) => {
    const result = await createCourse(input);
    if (result.error) return asFailure(result.error, courseMessages.courseSaveFailed);
    navigate(ROUTES.myCourseDetails(result.data._id));
    return null;
  };

  return (
    <PageFrame title={messages.pageCreateCourse} intro={courseMessages.createIntro} width="narrow">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <CourseForm submitLabel={courseMessages.createAction} onSubmit={onSubmit} />
      </div>
    </PageFrame>
  );
}
