import type { GradingRow } from './grading-rows';

/** A hardcoded student of the demo grading page, with their homework topic. */
export interface DemoStudent {
  id: string;
  name: string;
  topic: string;
}

/** The two demo students of /test (spec sections 2 and 9). */
export const DEMO_STUDENTS: DemoStudent[] = [
  { id: 's1', name: 'Олена Коваль', topic: 'Квадратні рівняння' },
  { id: 's2', name: 'Петро Шевченко', topic: 'Фотосинтез у рослин' },
];

export function initialGradingRows(students: readonly DemoStudent[] = DEMO_STUDENTS): GradingRow[] {
  return students.map((student) => ({
    id: student.id,
    student: student.name,
    topic: student.topic,
    grade: '',
    locked: false,
  }));
}
