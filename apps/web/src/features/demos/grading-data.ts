import { demoCopy, type DemoStudent } from '@urok/contract';
import type { GradingRow } from './grading-rows';

export type { DemoStudent };

/** The two demo students of /test (spec sections 2 and 9), in the active language. */
export function demoStudents(): readonly DemoStudent[] {
  return demoCopy.students;
}

export function initialGradingRows(
  students: readonly DemoStudent[] = demoStudents(),
): GradingRow[] {
  return students.map((student) => ({
    id: student.id,
    student: student.name,
    topic: student.topic,
    grade: '',
    locked: false,
  }));
}
