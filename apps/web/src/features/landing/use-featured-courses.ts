import { useCallback, useEffect, useState } from 'react';
import { loadFeaturedCourses } from './featured-course-loader';
import type { FeaturedCourse } from './featured-course-types';

export type FeaturedCoursesState =
  { state: 'loading' } | { state: 'loaded'; courses: FeaturedCourse[] } | { state: 'error' };

/** The featured courses' data, loaded on demand, with a retry for a failed load. */
export function useFeaturedCourses(load: () => Promise<FeaturedCourse[]> = loadFeaturedCourses) {
  const [result, setResult] = useState<FeaturedCoursesState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    load().then(
      (courses) => {
        if (active) setResult({ state: 'loaded', courses });
      },
      () => {
        if (active) setResult({ state: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setResult({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { result, retry };
}
