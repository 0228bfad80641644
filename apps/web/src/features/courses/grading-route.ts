import { ROUTES } from '@urok/contract';

/**
 * The grading page of an assignment (the author), at one student's work when
 * `studentId` is given: `/mycourse-details/{courseId}/assignments/{id}/grade?student=…`.
 */
export function gradingPath(courseId: string, assignmentId: string, studentId?: string): string {
  const path = `${ROUTES.assignment(courseId, assignmentId)}/grade`;
  return studentId ? `${path}?${new URLSearchParams({ student: studentId }).toString()}` : path;
}
