import { courseMessages, type Homework } from '@urok/contract';
import { GradeResult, SubmissionFacts } from './submission-facts';

/** The signed-in student's submissions to a course, newest first, with grades or 'очікує оцінки'. */
export function OwnSubmissions({ homework }: { homework: Homework[] }) {
  if (homework.length === 0)
    return <p className="text-sm text-slate-600">{courseMessages.noSubmissions}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {homework.map((entry) => (
        <li
          key={entry._id}
          className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
        >
          <SubmissionFacts homework={entry} />
          <div className="sm:max-w-xs sm:shrink-0">
            <GradeResult homework={entry} />
          </div>
        </li>
      ))}
    </ul>
  );
}
