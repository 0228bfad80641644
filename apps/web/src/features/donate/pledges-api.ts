/** A pledge, as an endpoint of the app's data layer (lib/api.ts). */
import { API, siteMessages, type PledgeInput, type PledgeResponse } from '@urok/contract';
import { api } from '../../lib/api';

export const pledgesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST pledges → 201 {pledge, message}. */
    submitPledge: build.mutation<PledgeResponse, PledgeInput>({
      query: (input) => ({
        url: API.pledges,
        method: 'post',
        body: input,
        failure: siteMessages.pledgeFailed,
      }),
    }),
  }),
});

export const { useSubmitPledgeMutation } = pledgesApi;
