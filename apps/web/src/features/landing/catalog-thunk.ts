import { API, siteMessages, type Course } from '@urok/contract';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** How many catalogue courses the landing page shows. */
export const CATALOG_PREVIEW_SIZE = 6;

/** GET courses?limit=6 (anonymous): the newest courses of the real catalogue. */
export const fetchCatalogPreview = createServiceThunk(
  'landing/fetchCatalogPreview',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ courses: Course[] }>(API.courses, {
        params: { limit: CATALOG_PREVIEW_SIZE },
      });
      return data.courses.slice(0, CATALOG_PREVIEW_SIZE);
    } catch (error) {
      return rejectWithValue(toApiFailure(error, siteMessages.startCatalogFailed));
    }
  },
);
