import { useState } from 'react';
import { Link } from 'react-router';
import {
  courseMessages,
  courseTabMessages,
  messages,
  type Homework,
  type UserWithHomework,
} from '@urok/contract';
import { useApiDispatch } from '../../../lib/api';
import { homeworkApi } from '../homework-api';
import { CommentThread } from './comment-thread';
import { GradeForm } from './grade-form';
import { GradeHistory } from './grade-history';
import { RegradeForm } from './regrade-form';
import { GradeResult, SubmissionFacts, submissionAnchor } from './submission-facts';

/**
 * One submission for the author: its facts, then the grade form or the
 * locked grade with 'Переоцінити', the history of earlier grades, and the
 * private thread with the student.
 */
function SubmissionRow({
  homework,
  maxPoints,
  assignment,
}: {
  homework: Homework;
  maxPoints?: number;
  assignment?: AssignmentName;
}) {
  const dispatch = useApiDispatch();
  const [notice, setNotice] = useState<string | null>(null);

  const onAlreadyGraded = () => {
    setNotice(messages.alreadyGraded);
    // Show the grade that is already there.
    dispatch(homeworkApi.util.invalidateTags([{ type: 'Submissions', id: homework.courseId }]));
  };

  return (
    <li
      id={submissionAnchor(homework._id)}
      tabIndex={-1}
      className="grid scroll-mt-20 gap-4 py-4 first:pt-0 last:pb-0 md:grid-cols-2"
    >
      <div className="space-y-3">
        {assignment && (
          <p className="text-sm text-slate-700">
            {courseTabMessages.forAssignment}{' '}
            <Link to={assignment.href} className="font-medium text-indigo-700 hover:underline">
              {assignment.title}
            </Link>
          </p>
        )}
        <SubmissionFacts homework={homework} />
        <CommentThread homeworkId={homework._id} />
      </div>
      <div className="space-y-2">
        {homework.grade === null ? (
          <GradeForm homework={homework} maxPoints={maxPoints} onAlreadyGraded={onAlreadyGraded} />
        ) : (
          <>
            <GradeResult homework={homework} maxPoints={maxPoints} />
            <RegradeForm homework={homework} maxPoints={maxPoints} />
          </>
        )}
        <GradeHistory homework={homework} maxPoints={maxPoints} />
        {notice && (
          <p role="alert" className="text-sm font-medium text-amber-900">
            {notice}
          </p>
        )}
      </div>
    </li>
  );
}

/** The assignment a submission is for, as a course-wide list names it. */
export interface AssignmentName {
  title: string;
  href: string;
}

/**
 * The enrolled students who submitted homework, one <article> per student
 * named by the student. `maxPoints`: the assignment's, when the list is one
 * assignment's (grades are then checked before they are sent). `assignmentOf`:
 * in a list of the whole course's submissions, each names its assignment.
 */
export function StudentSubmissions({
  users,
  maxPoints,
  assignmentOf,
}: {
  users: UserWithHomework[];
  maxPoints?: number;
  assignmentOf?: (assignmentId: string) => AssignmentName | undefined;
}) {
  if (users.length === 0)
    return <p className="text-sm text-slate-600">{courseMessages.submissionsEmpty}</p>;
  return (
    <ul className="space-y-4">
      {users.map((user) => {
        const nameId = `student-${user._id}-name`;
        return (
          <li key={user._id}>
            <article
              aria-labelledby={nameId}
              className="space-y-3 rounded-xl border border-slate-200 p-4"
            >
              <div>
                <h3 id={nameId} className="text-base font-semibold text-slate-900">
                  {user.username}
                </h3>
                <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                  <a href={`tel:${user.telephone}`} className="hover:underline">
                    {user.telephone}
                  </a>
                  <a href={`mailto:${user.email}`} className="break-all hover:underline">
                    {user.email}
                  </a>
                </p>
              </div>
              <ul className="divide-y divide-slate-200">
                {user.homework.map((homework) => (
                  <SubmissionRow
                    key={homework._id}
                    homework={homework}
                    maxPoints={maxPoints}
                    assignment={assignmentOf?.(homework.assignmentId)}
                  />
                ))}
              </ul>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
