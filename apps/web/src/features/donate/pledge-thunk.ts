import { API, siteMessages } from '@urok/contract';
import type { PledgeInput, PledgeResponse } from '@urok/contract';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** POST pledges → 201 {pledge, message}. */
export const submitPledge = createServiceThunk(
  'donate/submitPledge',
  async (input: PledgeInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<PledgeResponse>(API.pledges, input);
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, siteMessages.pledgeFailed));
    }
  },
);
