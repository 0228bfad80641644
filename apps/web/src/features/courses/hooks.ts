import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AppServices } from '../../lib/services';
import { selectCourses, type CoursesRootState, type CoursesState } from './course-slice';

export type CoursesDispatch = ThunkDispatch<CoursesRootState, AppServices, UnknownAction>;

export const useCoursesDispatch = useDispatch.withTypes<CoursesDispatch>();
export const useCoursesSelector = useSelector.withTypes<CoursesRootState>();

/** The courses slice (its initial state until the first course action ran). */
export function useCoursesState(): CoursesState {
  return useCoursesSelector(selectCourses);
}
