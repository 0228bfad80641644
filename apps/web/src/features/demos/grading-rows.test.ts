import { describe, expect, it } from 'vitest';
import { initialGradingRows } from './grading-data';
import { addCourseName, canLock, gradingReducer, type GradingRow } from './grading-rows';

const rows: GradingRow[] = [
  { id: 'a', student: 'Олена', topic: 'Рівняння', grade: '', locked: false },
  { id: 'b', student: 'Петро', topic: 'Фотосинтез', grade: '', locked: false },
];

describe('the grading rows of /test', () => {
  it('start ungraded and unlocked, one per demo student', () => {
    const initial = initialGradingRows();
    expect(initial).toHaveLength(2);
    expect(initial.every((row) => row.grade === '' && !row.locked)).toBe(true);
  });

  it('typing a grade changes only that row', () => {
    const next = gradingReducer(rows, { type: 'setGrade', id: 'a', grade: '11' });
    expect(next[0]).toMatchObject({ grade: '11', locked: false });
    expect(next[1]).toBe(rows[1]);
  });

  it("'Оцінити' with a blank grade does not lock the row", () => {
    expect(gradingReducer(rows, { type: 'lock', id: 'a' })[0]).toMatchObject({ locked: false });
    const spaces = gradingReducer(rows, { type: 'setGrade', id: 'a', grade: '   ' });
    expect(canLock(spaces[0]!)).toBe(false);
    expect(gradingReducer(spaces, { type: 'lock', id: 'a' })[0]).toMatchObject({ locked: false });
  });

  it("'Оцінити' with a grade locks the row, keeping the trimmed grade", () => {
    const typed = gradingReducer(rows, { type: 'setGrade', id: 'b', grade: ' 12 ' });
    expect(canLock(typed[1]!)).toBe(true);
    const locked = gradingReducer(typed, { type: 'lock', id: 'b' });
    expect(locked[1]).toMatchObject({ grade: '12', locked: true });
    expect(locked[0]).toMatchObject({ locked: false });
  });

  it('a locked row cannot be unlocked or regraded', () => {
    let state = gradingReducer(rows, { type: 'setGrade', id: 'a', grade: '10' });
    state = gradingReducer(state, { type: 'lock', id: 'a' });
    const locked = state[0];
    state = gradingReducer(state, { type: 'setGrade', id: 'a', grade: '' });
    state = gradingReducer(state, { type: 'lock', id: 'a' });
    state = gradingReducer(state, { type: 'setGrade', id: 'a', grade: '2' });
    expect(state[0]).toBe(locked);
    expect(state[0]).toMatchObject({ grade: '10', locked: true });
    expect(canLock(state[0]!)).toBe(false);
  });

  it('an unknown row id changes nothing', () => {
    expect(gradingReducer(rows, { type: 'setGrade', id: 'zzz', grade: '5' })).toEqual(rows);
  });
});

describe('the local course-name upload list', () => {
  it('adds trimmed names at the end and ignores blank ones', () => {
    let names = addCourseName([], '  Алгебра ');
    names = addCourseName(names, '   ');
    names = addCourseName(names, 'Фізика');
    expect(names).toEqual(['Алгебра', 'Фізика']);
  });
});
