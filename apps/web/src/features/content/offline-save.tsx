import { useEffect, useId, useRef, useState } from 'react';
import { offlineMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/fields';
import { failureMessage } from '../../lib/api';
import { formatDateTime, formatFileSize } from '../../lib/format';
import type { CoursePaths, SavedCourse, SavePlan } from '../../lib/offline-courses';
import { useOnline } from '../../lib/online';
import {
  usePlanOfflineCourseMutation,
  useRemoveOfflineCourseMutation,
  useSaveOfflineCourseMutation,
  useSavedCoursesQuery,
} from './offline-api';

/** Bytes as the offline pages say them: Б, КБ, МБ, ГБ in the active language. */
export const formatBytes = formatFileSize;

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
};

/** A saved course's size, date and whether its videos are kept. */
export function savedDetails(course: SavedCourse): string {
  const details = offlineMessages.savedDetails(
    formatBytes(course.size),
    formatDateTime(course.savedAt, WHEN),
  );
  return course.withVideo ? `${details}, ${offlineMessages.savedWithVideo}` : details;
}

type Step =
  | { step: 'idle' }
  | { step: 'planning' }
  | { step: 'planned'; plan: SavePlan }
  | { step: 'saving'; done: number; total: number };

/** How far a save is (its own bar: the upload bar's module would be one more shared chunk). */
function SaveProgress({ percent }: { percent: number }) {
  const labelId = useId();
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span id={labelId}>{offlineMessages.saving}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={offlineMessages.savingProgress(percent)}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * 'Зберегти для офлайн' on an enrolled student's course (DESIGN section 15):
 * the course is read and measured first (the lessons, images and files; the
 * videos apart, kept only when ticked), then saved with a progress bar; a
 * saved course says so, with its size, a way to save it again and a delete.
 * The signed-in layout draws it (lib/signed-in-user.ts, useSaveForOffline),
 * so this code loads with the layout; the course's page hands in the paths.
 */
export function OfflineSave({
  account,
  courseId,
  paths,
}: {
  account: string;
  courseId: string;
  paths: CoursePaths;
}) {
  const online = useOnline();
  const headingId = useId();
  const { data: saved } = useSavedCoursesQuery(account);
  const [plan] = usePlanOfflineCourseMutation();
  const [save] = useSaveOfflineCourseMutation();
  const [remove, { isLoading: removing }] = useRemoveOfflineCourseMutation();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [withVideo, setWithVideo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<{ abort(): void } | null>(null);
  // Leaving the page stops a save that runs.
  useEffect(() => () => running.current?.abort(), []);

  const copy = saved?.find((course) => course.courseId === courseId);

  const measure = async () => {
    setError(null);
    setState({ step: 'planning' });
    const result = await plan({ account, courseId, paths });
    if (result.error) {
      setError(failureMessage(result.error, offlineMessages.measureFailed));
      setState({ step: 'idle' });
      return;
    }
    setWithVideo(copy?.withVideo ?? false);
    setState({ step: 'planned', plan: result.data });
  };

  const keep = async (chosen: SavePlan) => {
    setError(null);
    const total = chosen.size + (withVideo ? chosen.videoSize : 0);
    setState({ step: 'saving', done: 0, total });
    const request = save({
      account,
      plan: chosen,
      withVideo: withVideo && chosen.videos.length > 0,
      onProgress: (done, all) => setState({ step: 'saving', done, total: all }),
      sizeText: formatBytes,
    });
    running.current = request;
    const result = await request;
    running.current = null;
    if (result.error) {
      const aborted = (result.error as { name?: string }).name === 'AbortError';
      if (!aborted) setError(failureMessage(result.error, offlineMessages.saveFailed));
      setState(aborted ? { step: 'idle' } : { step: 'planned', plan: chosen });
      return;
    }
    setState({ step: 'idle' });
  };

  let body;
  if (state.step === 'planning') {
    body = (
      <p role="status" className="text-sm text-slate-700">
        {offlineMessages.measuring}
      </p>
    );
  } else if (state.step === 'planned') {
    const chosen = state.plan;
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-800">
          {offlineMessages.planSize(formatBytes(chosen.size))}
        </p>
        {chosen.videos.length > 0 ? (
          <CheckboxField
            id={`${headingId}-video`}
            label={offlineMessages.includeVideo(formatBytes(chosen.videoSize))}
            checked={withVideo}
            onChange={(event) => setWithVideo(event.target.checked)}
          />
        ) : (
          <p className="text-sm text-slate-600">{offlineMessages.noVideo}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void keep(chosen)} disabled={!online}>
            {offlineMessages.save}
          </Button>
          <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
            {offlineMessages.cancel}
          </Button>
        </div>
      </div>
    );
  } else if (state.step === 'saving') {
    const percent = state.total === 0 ? 100 : Math.floor((state.done / state.total) * 100);
    body = (
      <div className="space-y-3">
        <SaveProgress percent={percent} />
        <Button variant="secondary" onClick={() => running.current?.abort()}>
          {offlineMessages.cancel}
        </Button>
      </div>
    );
  } else if (copy) {
    body = (
      <div className="space-y-3">
        <p className="text-sm font-semibold text-emerald-800">✓ {offlineMessages.saved}</p>
        <p className="text-sm text-slate-700">{savedDetails(copy)}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void measure()} disabled={!online}>
            {offlineMessages.update}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void remove({ account, courseId })}
            disabled={removing}
            aria-label={offlineMessages.removeCourse(copy.title)}
          >
            {offlineMessages.remove}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-2">
        <Button variant="secondary" onClick={() => void measure()} disabled={!online}>
          {offlineMessages.saveForOffline}
        </Button>
        {!online && <p className="text-sm text-slate-600">{offlineMessages.needsNetworkToSave}</p>}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {offlineMessages.offlineHeading}
      </h3>
      {body}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
