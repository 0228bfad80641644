import { messages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorProgressQuery } from './content-api';

/** The author's table of each enrolled student's completed lessons (published lessons count). */
export function AuthorProgress({ courseId }: { courseId: string }) {
  const { data: progress, isError: failed, refetch } = useAuthorProgressQuery(courseId);

  return (
    <section
      aria-labelledby="author-progress-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="author-progress-heading" className="text-lg font-semibold text-slate-900">
        {messages.authorProgressHeading}
      </h2>
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{messages.outlineLoadFailed}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {messages.retry}
          </Button>
        </div>
      ) : !progress ? (
        <Spinner />
      ) : progress.students.length === 0 ? (
        <p className="text-sm text-slate-600">{messages.authorProgressEmpty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {messages.authorProgressStudent}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {messages.authorProgressDone}
                </th>
              </tr>
            </thead>
            <tbody>
              {progress.students.map((student) => (
                <tr key={student._id} className="border-b border-slate-100">
                  <td className="py-2 pr-4 text-slate-900">{student.username}</td>
                  <td className="py-2 text-slate-800">
                    {messages.authorProgressOf(student.completed, progress.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
