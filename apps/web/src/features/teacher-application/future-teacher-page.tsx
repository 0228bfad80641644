import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** What a signed-in student's application is pre-filled with (DESIGN.md section 6). */
export interface TeacherApplicationPrefill {
  fullName: string;
  telephone: string;
  email: string;
}

/** /future-teacher: the teacher application (signed out, and pre-filled for students). */
export function FutureTeacherPage({ prefill }: { prefill?: TeacherApplicationPrefill }) {
  return (
    <PagePlaceholder title={messages.pageFutureTeacher} description={messages.aboutFutureTeacher}>
      {prefill && (
        <p className="text-sm text-slate-700">
          {prefill.fullName} · {prefill.telephone}
        </p>
      )}
    </PagePlaceholder>
  );
}
