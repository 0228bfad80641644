/** A row of the demo grading page (/test): a student's homework and its grade. */
export interface GradingRow {
  id: string;
  student: string;
  topic: string;
  grade: string;
  /** Graded rows are locked for good (spec section 4: it cannot be reversed). */
  locked: boolean;
}

export type GradingAction =
  { type: 'setGrade'; id: string; grade: string } | { type: 'lock'; id: string };

/**
 * The grade row transitions of spec section 4: ungraded → graded only with a
 * non-blank grade, and never back. Typing into a locked row changes nothing.
 */
export function gradingReducer(rows: readonly GradingRow[], action: GradingAction): GradingRow[] {
  return rows.map((row) => {
    if (row.id !== action.id || row.locked) return row;
    switch (action.type) {
      case 'setGrade':
        return { ...row, grade: action.grade };
      case 'lock':
        return row.grade.trim() === '' ? row : { ...row, grade: row.grade.trim(), locked: true };
    }
  });
}

/** Whether 'Оцінити' would lock the row: not locked yet and a non-blank grade. */
export function canLock(row: GradingRow): boolean {
  return !row.locked && row.grade.trim() !== '';
}

/** The local course-name upload list of /test: a trimmed, non-blank name joins the end. */
export function addCourseName(names: readonly string[], name: string): string[] {
  const trimmed = name.trim();
  return trimmed === '' ? [...names] : [...names, trimmed];
}
