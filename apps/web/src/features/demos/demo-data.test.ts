import { describe, expect, it } from 'vitest';
import { demoCourses, findDemoCourse } from './demo-course-data';
import { demoStudents } from './grading-data';
import { DEMO_JOBS } from './vacancy-data';

const DEMO_COURSES = demoCourses();
const DEMO_STUDENTS = demoStudents();

describe('demo data shipped with the app (spec sections 3 and 9)', () => {
  it('10 jobs, each with every field of a demo job', () => {
    expect(DEMO_JOBS).toHaveLength(10);
    expect(new Set(DEMO_JOBS.map((job) => job.id)).size).toBe(10);
    for (const job of DEMO_JOBS) {
      expect(Object.keys(job).sort()).toEqual(
        [
          'company',
          'contract',
          'featured',
          'id',
          'isNew',
          'languages',
          'level',
          'location',
          'logo',
          'position',
          'postedAt',
          'role',
          'tools',
        ].sort(),
      );
      for (const text of [
        job.company,
        job.logo,
        job.position,
        job.role,
        job.level,
        job.postedAt,
        job.contract,
        job.location,
      ]) {
        expect(typeof text === 'string' && text.length > 0).toBe(true);
      }
      expect(typeof job.isNew).toBe('boolean');
      expect(typeof job.featured).toBe('boolean');
      expect(Array.isArray(job.languages) && Array.isArray(job.tools)).toBe(true);
      expect(job.logo).toMatch(/\.svg$|^data:image\/svg\+xml/);
    }
  });

  it('11 demo courses, each with every field of a demo course', () => {
    expect(DEMO_COURSES).toHaveLength(11);
    expect(new Set(DEMO_COURSES.map((course) => course.id)).size).toBe(11);
    for (const course of DEMO_COURSES) {
      expect(Object.keys(course).sort()).toEqual([
        'companyLogo',
        'companyName',
        'courseTitle',
        'description',
        'id',
        'profession',
      ]);
      expect(Object.values(course).every((value) => value !== '')).toBe(true);
    }
  });

  it('finds a demo course by its id segment only', () => {
    expect(findDemoCourse('3')?.id).toBe(3);
    expect(findDemoCourse('11')?.id).toBe(11);
    for (const id of [undefined, '', '0', '12', '03', '3.0', '3abc', 'abc', '-1'])
      expect(findDemoCourse(id)).toBeUndefined();
  });

  it('2 demo students, each with a homework topic', () => {
    expect(DEMO_STUDENTS).toHaveLength(2);
    for (const student of DEMO_STUDENTS) {
      expect(student.name).not.toBe('');
      expect(student.topic).not.toBe('');
    }
  });
});
