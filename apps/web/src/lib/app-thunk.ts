import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ApiFailure } from './api-error';
import type { AppServices } from './services';

/**
 * A thunk that only reaches the API through the store's services and keeps
 * no state of its own: the page that dispatches it keeps the result. Used by
 * pages whose data no other page shares (featured courses, pledges,
 * contacts), so they need no slice.
 */
export const createServiceThunk = createAsyncThunk.withTypes<{
  extra: AppServices;
  rejectValue: ApiFailure;
}>();

export type ServiceDispatch = ThunkDispatch<unknown, AppServices, UnknownAction>;

export const useServiceDispatch = useDispatch.withTypes<ServiceDispatch>();
