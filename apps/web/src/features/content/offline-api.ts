/**
 * Courses saved for offline (lib/offline-courses.ts) as endpoints of the data
 * layer: the account's saved courses, measuring a course before saving it,
 * saving it with its progress, and removing it. Saving reads the API through
 * the store's HTTP client (never through the saved copies: a copy is made of
 * what the server says now) and downloads the files by their signed links.
 */
import { offlineMessages } from '@urok/contract';
import { api } from '../../lib/api';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import {
  DownloadFailed,
  freeSpace,
  persistStorage,
  planCourse,
  type CoursePaths,
  removeSavedCourse,
  saveCourse,
  savedCourses,
  type SavedCourse,
  type SavePlan,
} from '../../lib/offline-courses';
import type { AppServices } from '../../lib/services';

export interface SaveCourseArgs {
  account: string;
  plan: SavePlan;
  withVideo: boolean;
  /** Bytes kept so far, of the total (the progress bar). */
  onProgress?: (done: number, total: number) => void;
  /** Size formatted for the message when the device lacks the space. */
  sizeText: (bytes: number) => string;
}

/** A file's signed link, downloaded as it is (the link itself authenticates). */
const download = (url: string, signal?: AbortSignal) =>
  fetch(url, { signal, credentials: 'same-origin' });

export const offlineApi = api.enhanceEndpoints({ addTagTypes: ['SavedCourse'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The account's saved courses, the latest first (none when the device keeps nothing). */
    savedCourses: build.query<SavedCourse[], string>({
      async queryFn(account) {
        try {
          return { data: await savedCourses(account) };
        } catch {
          return { data: [] };
        }
      },
      providesTags: ['SavedCourse'],
    }),

    /** Reads the course and its published lessons and measures what a copy would keep. */
    planOfflineCourse: build.mutation<
      SavePlan,
      { account: string; courseId: string; paths: CoursePaths }
    >({
      async queryFn({ account, courseId, paths }, { extra }) {
        const { http } = extra as AppServices;
        try {
          const get = async (url: string) => (await http.get(url)).data as unknown;
          return { data: await planCourse(get, account, courseId, paths) };
        } catch (error) {
          const failure = toApiFailure(error, offlineMessages.measureFailed);
          return {
            error:
              failure.status === undefined
                ? { message: offlineMessages.needsNetworkToSave }
                : { ...failure, message: offlineMessages.measureFailed },
          };
        }
      },
    }),

    /** Keeps the course on the device (asking the browser to keep the storage). */
    saveOfflineCourse: build.mutation<SavedCourse, SaveCourseArgs>({
      async queryFn({ account, plan, withVideo, onProgress, sizeText }, { signal }) {
        const total = plan.size + (withVideo ? plan.videoSize : 0);
        const free = await freeSpace();
        if (free !== null && free < total)
          return { error: { message: offlineMessages.notEnoughSpace(sizeText(total)) } };
        void persistStorage();
        try {
          return {
            data: await saveCourse(account, plan, { withVideo, download, onProgress, signal }),
          };
        } catch (error) {
          const failure: ApiFailure = {
            message: offlineMessages.saveFailed,
            ...(error instanceof DownloadFailed && error.status ? { status: error.status } : {}),
          };
          return { error: failure };
        }
      },
      invalidatesTags: ['SavedCourse'],
    }),

    /** Removes a saved course from the device. */
    removeOfflineCourse: build.mutation<null, { account: string; courseId: string }>({
      async queryFn({ account, courseId }) {
        try {
          await removeSavedCourse(account, courseId);
        } catch {
          // Nothing was kept.
        }
        return { data: null };
      },
      invalidatesTags: ['SavedCourse'],
    }),
  }),
});

export const {
  useSavedCoursesQuery,
  usePlanOfflineCourseMutation,
  useSaveOfflineCourseMutation,
  useRemoveOfflineCourseMutation,
} = offlineApi;
