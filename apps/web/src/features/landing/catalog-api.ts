/** The start page's look at the catalogue, as an endpoint of the app's data layer (lib/api.ts). */
import { API, siteMessages, type Course } from '@urok/contract';
import { api } from '../../lib/api';

/** How many catalogue courses the landing page shows. */
export const CATALOG_PREVIEW_SIZE = 6;

export const catalogApi = api.enhanceEndpoints({ addTagTypes: ['Course'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET courses?limit=6 (anonymous): the newest courses of the real catalogue. */
    catalogPreview: build.query<Course[], void>({
      query: () => ({
        url: API.courses,
        params: { limit: CATALOG_PREVIEW_SIZE },
        failure: siteMessages.startCatalogFailed,
      }),
      transformResponse: (answer: { courses: Course[] }) =>
        answer.courses.slice(0, CATALOG_PREVIEW_SIZE),
      providesTags: ['Course'],
    }),
  }),
});

export const { useCatalogPreviewQuery } = catalogApi;
