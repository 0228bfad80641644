import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AppServices } from '../../lib/services';
import { selectAdmin, type AdminRootState, type AdminState } from './admin-slice';

export type AdminDispatch = ThunkDispatch<AdminRootState, AppServices, UnknownAction>;

export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();
export const useAdminSelector = useSelector.withTypes<AdminRootState>();

/** The console's slice (its initial state until the first console action ran). */
export function useAdminState(): AdminState {
  return useAdminSelector(selectAdmin);
}
