import { API, siteMessages, type ContactsResponse } from '@urok/contract';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** GET contacts (signed in) → {contacts}. */
export const fetchContacts = createServiceThunk(
  'contacts/fetch',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<ContactsResponse>(API.contacts);
      return data.contacts;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, siteMessages.contactsFailed));
    }
  },
);
