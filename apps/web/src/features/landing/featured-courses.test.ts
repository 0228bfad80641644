import { describe, expect, it } from 'vitest';
import {
  PUBLIC_LANDING_IDS,
  SIGNED_IN_LANDING_IDS,
  featuredCourseCopy,
  setLanguageSource,
} from '@urok/contract';
import '@urok/contract/locales/en';
import { loadFeaturedCourses } from './featured-course-loader';
import { featuredCourses } from './featured-courses';

const FEATURED_COURSES = featuredCourses();

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

  it('loads on demand, in the active language', async () => {
    expect(await loadFeaturedCourses()).toBe(FEATURED_COURSES);
    setLanguageSource(() => 'en');
    try {
      const english = await loadFeaturedCourses();
      expect(english).not.toBe(FEATURED_COURSES);
      expect(english.find((course) => course.id === 4)?.title).toBe('Programming Basics in Python');
      expect(featuredCourseCopy.courses).toBe(english);
    } finally {
      setLanguageSource(() => 'uk');
    }
  });

  it('the English programmes have the same ids, durations and shape', () => {
    setLanguageSource(() => 'en');
    const english = featuredCourses();
    setLanguageSource(() => 'uk');
    const shape = (courses: typeof FEATURED_COURSES) =>
      courses.map((course) => [
        course.id,
        course.weeks,
        course.hoursPerWeek,
        course.outcomes.length,
        course.modules.map((module) => module.lessons.length),
      ]);
    expect(shape(english)).toEqual(shape(FEATURED_COURSES));
  });
});
