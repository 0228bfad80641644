import { describe, expect, it } from 'vitest';
import { PUBLIC_LANDING_IDS, SIGNED_IN_LANDING_IDS } from '@urok/contract';
import { loadFeaturedCourses } from './featured-course-loader';
import { FEATURED_COURSES } from './featured-courses';

describe('featured courses data', () => {
  it('has one course per public landing page, and none for :3', () => {
    expect(FEATURED_COURSES.map((course) => course.id)).toEqual([...PUBLIC_LANDING_IDS]);
    expect(
      SIGNED_IN_LANDING_IDS.every((id) => FEATURED_COURSES.some((course) => course.id === id)),
    ).toBe(true);
    expect(FEATURED_COURSES.some((course) => course.id === 3)).toBe(false);
  });

  it('every course has a programme, a teacher, outcomes, duration and level', () => {
    for (const course of FEATURED_COURSES) {
      expect(course.title).not.toBe('');
      expect(course.level).not.toBe('');
      expect(course.weeks).toBeGreaterThan(0);
      expect(course.hoursPerWeek).toBeGreaterThan(0);
      expect(course.teacher.name).not.toBe('');
      expect(course.outcomes.length).toBeGreaterThanOrEqual(3);
      expect(course.modules.length).toBeGreaterThanOrEqual(3);
      expect(course.modules.every((module) => module.lessons.length > 0)).toBe(true);
    }
  });

  it('loads on demand, once', async () => {
    const first = loadFeaturedCourses();
    expect(loadFeaturedCourses()).toBe(first);
    expect(await first).toBe(FEATURED_COURSES);
  });
});
