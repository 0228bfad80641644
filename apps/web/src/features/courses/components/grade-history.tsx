import { gradesMessages, type Homework } from '@urok/contract';
import { formatDateTime, formatGrade } from '../format';

/** The grades a regrade replaced, oldest first, each with the reason it changed: the student sees them too. */
export function GradeHistory({ homework, maxPoints }: { homework: Homework; maxPoints?: number }) {
  if (homework.gradeHistory.length === 0) return null;
  return (
    <div className="text-sm text-slate-700">
      <h4 className="font-medium text-slate-900">{gradesMessages.gradeHistoryHeading}</h4>
      <ol className="mt-1 list-inside list-decimal space-y-0.5">
        {homework.gradeHistory.map((entry) => (
          <li key={entry.replacedAt} className="break-words">
            {gradesMessages.gradeHistoryEntry(
              formatGrade(entry, maxPoints) ?? entry.grade,
              formatDateTime(entry.gradedAt ?? entry.replacedAt),
              entry.reason,
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
