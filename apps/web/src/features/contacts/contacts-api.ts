/** The signed-in user's contacts, as an endpoint of the app's data layer (lib/api.ts). */
import { API, siteMessages, type ContactsResponse } from '@urok/contract';
import { api } from '../../lib/api';

export const contactsApi = api.enhanceEndpoints({ addTagTypes: ['Contacts'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET contacts (signed in). */
    contacts: build.query<ContactsResponse['contacts'], void>({
      query: () => ({ url: API.contacts, failure: siteMessages.contactsFailed }),
      transformResponse: (answer: ContactsResponse) => answer.contacts,
      providesTags: ['Contacts'],
    }),
  }),
});

export const { useContactsQuery } = contactsApi;
