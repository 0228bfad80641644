import { API, courseMessages, type Homework } from '@urok/contract';
import { formatDateTime, formatFileSize, formatGrade } from '../format';
import { DownloadButton } from './download-button';

/** The id of a submission's row, so a gradebook cell can lead to it. */
export function submissionAnchor(homeworkId: string): string {
  return `homework-${homeworkId}`;
}

/** A submission's file (a download), size, date and late flag, and the student's comment. */
export function SubmissionFacts({ homework }: { homework: Homework }) {
  return (
    <div className="space-y-1.5">
      <DownloadButton
        look="link"
        path={API.homeworkFile(homework._id)}
        fallbackName={homework.fileName}
        label={courseMessages.downloadFile(homework.fileName)}
      >
        {homework.fileName}
      </DownloadButton>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span>{formatFileSize(homework.size)}</span>
        <span>{courseMessages.submittedAt(formatDateTime(homework.submittedAt))}</span>
        {homework.isLate && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            {courseMessages.late}
          </span>
        )}
      </p>
      {homework.comment && (
        <p className="whitespace-pre-line break-words text-sm text-slate-700">
          {courseMessages.comment(homework.comment)}
        </p>
      )}
    </div>
  );
}

/** A locked grade: the grade ('11 / 12' when the maximum is known), the feedback and when it was given. */
export function GradeResult({ homework, maxPoints }: { homework: Homework; maxPoints?: number }) {
  if (homework.grade === null) {
    return (
      <p className="text-sm font-medium text-slate-600">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5">
          {courseMessages.awaitingGrade}
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-1 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
      <p className="font-semibold">
        {courseMessages.grade(formatGrade(homework, maxPoints) ?? homework.grade)}
      </p>
      {homework.feedback && (
        <p className="whitespace-pre-line break-words">
          {courseMessages.feedback(homework.feedback)}
        </p>
      )}
      {homework.gradedAt && (
        <p className="text-xs text-emerald-900/80">
          {courseMessages.gradedAt(formatDateTime(homework.gradedAt))}
        </p>
      )}
    </div>
  );
}
