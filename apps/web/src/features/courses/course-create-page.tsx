import { useNavigate } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';
import { CourseForm } from './components/course-form';
import { PageFrame } from './components/page-frame';
import { createCourse, type CourseFormInput } from './course-slice';
import { useCoursesDispatch } from './hooks';

/** /courseCreate (teachers only): the new course, then its page. */
export function CourseCreatePage() {
  useDocumentTitle(messages.pageCreateCourse);
  const dispatch = useCoursesDispatch();
  const navigate = useNavigate();

  const onSubmit = async (input: CourseFormInput) => {
    const result = await dispatch(createCourse(input));
    if (createCourse.fulfilled.match(result)) {
      navigate(ROUTES.myCourseDetails(result.payload._id));
      return null;
    }
    return result.payload ?? { message: courseMessages.courseSaveFailed };
  };

  return (
    <PageFrame title={messages.pageCreateCourse} intro={courseMessages.createIntro} width="narrow">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <CourseForm submitLabel={courseMessages.createAction} onSubmit={onSubmit} />
      </div>
    </PageFrame>
  );
}
