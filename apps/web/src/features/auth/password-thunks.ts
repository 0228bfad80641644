import {
  accountMessages,
  API,
  type PasswordChangeInput,
  type PasswordResetInput,
} from '@urok/contract';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** PUT auth/password → 200 {message}; this session stays, the others end. */
export const changePassword = createServiceThunk(
  'auth/changePassword',
  async (input: PasswordChangeInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.put<{ message: string }>(API.changePassword, input);
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, accountMessages.passwordChangeFailed));
    }
  },
);

/** POST auth/reset-password with the token of a one-time link → 200 {message}. */
export const resetPassword = createServiceThunk(
  'auth/resetPassword',
  async (input: PasswordResetInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ message: string }>(API.resetPassword, input);
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, accountMessages.resetPasswordFailed));
    }
  },
);
