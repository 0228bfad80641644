import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  ROUTES,
  checkAddStudent,
  classPageMessages as t,
  type AddStudentInput,
  type Course,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { asFailure, failureMessage } from '../../lib/api';
import { useCheckedForm } from '../../lib/use-checked-form';
import { PageSection } from './components/course-overview';
import { LoadError } from './components/page-frame';
import { useAddStudentMutation, useJoinCodeQuery, useRotateJoinCodeMutation } from './courses-api';

/** The join link of a code on the site the author is using now. */
export function joinLink(code: string): string {
  return `${window.location.origin}${ROUTES.join(code)}`;
}

/** 'K7MPQ2XA' as 'K7MP-Q2XA': easier to read aloud and to copy from a screen; dashes are ignored when typed. */
export function spacedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/**
 * The QR code of `text`, drawn as one SVG path. The encoder (uqr) is a chunk
 * of its own, loaded when the first code is shown.
 */
function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [path, setPath] = useState<{ text: string; size: number; d: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('uqr')
      .then(({ encode }) => {
        const { data, size } = encode(text, { ecc: 'M', border: 2 });
        let d = '';
        data.forEach((row, y) =>
          row.forEach((dark, x) => {
            if (dark) d += `M${x} ${y}h1v1h-1z`;
          }),
        );
        if (live) setPath({ text, size, d });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p className="text-sm text-red-700">{t.qrLoadFailed}</p>;
  if (!path || path.text !== text)
    return (
      <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-100 ${className}`} />
    );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shapeRendering="crispEdges"
      className={`rounded-lg bg-white ${className}`}
    >
      <path d={path.d} fill="#0f172a" />
    </svg>
  );
}

/** A copy button whose label says 'Скопійовано' until the text changes. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="secondary" onClick={() => void copy()}>
        {copied === text ? t.copied : label}
      </Button>
      {failed && <span className="text-xs text-red-700">{t.copyFailed}</span>}
    </span>
  );
}

/** 'Показати на весь екран': the code, the link and the QR code big enough for a classroom screen. */
function FullScreenCode({
  code,
  link,
  title,
  onClose,
}: {
  code: string;
  link: string;
  title: string;
  onClose: () => void;
}) {
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const frame = frameRef.current;
    closeRef.current?.focus();
    // The browser's own full screen where it allows it; the overlay covers the page either way.
    // Leaving it (the browser takes Esc for that) closes the overlay too.
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement === frame) entered = true;
      else if (entered) close.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    frame?.requestFullscreen?.().catch(() => undefined);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    // The close button is the one control: the focus stays on it.
    if (event.key === 'Tab') {
      event.preventDefault();
      closeRef.current?.focus();
    }
  };
  return (
    <div
      ref={frameRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 overflow-auto bg-white p-6 text-center"
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="text-base text-slate-700 sm:text-xl">{t.fullScreenInstruction}</p>
      <p className="break-all font-mono text-lg text-indigo-800 sm:text-2xl">{link}</p>
      <p className="font-mono text-5xl font-bold tracking-widest text-slate-900 sm:text-8xl">
        <span className="sr-only">{t.joinCodeLabel}: </span>
        {spacedCode(code)}
      </p>
      <QrCode text={link} label={t.qrAlt(link)} className="h-[min(50vh,80vw)] w-[min(50vh,80vw)]" />
      <Button ref={closeRef} variant="secondary" onClick={onClose}>
        {t.fullScreenClose}
      </Button>
    </div>
  );
}

/** The code, the link, the QR code, full screen and 'Новий код' of a private course. */
function JoinCodeBlock({ course }: { course: Course }) {
  const query = useJoinCodeQuery(course._id);
  const [rotate, rotation] = useRotateJoinCodeMutation();
  const [confirming, setConfirming] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const fullScreenButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  // Back to 'Показати на весь екран' once the full-screen view is gone.
  const shown = useRef(false);
  useEffect(() => {
    if (fullScreen) shown.current = true;
    else if (shown.current) fullScreenButton.current?.focus();
  }, [fullScreen]);

  if (query.isError && !query.currentData)
    return (
      <LoadError
        message={failureMessage(query.error, t.codeLoadFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  const joinCode = query.currentData ?? query.data;
  if (!joinCode) return <Spinner />;
  const { code } = joinCode;
  const link = joinLink(code);

  const onRotate = async () => {
    const result = await rotate(course._id);
    setConfirming(false);
    setBanner(
      result.error
        ? { tone: 'error', text: failureMessage(result.error, t.codeLoadFailed) }
        : { tone: 'success', text: t.rotated },
    );
    rotateButton.current?.focus();
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        <div className="space-y-4">
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t.joinCodeLabel}</p>
            <p
              className="font-mono text-4xl font-bold tracking-widest text-slate-900 sm:text-5xl"
              data-testid="join-code"
            >
              {spacedCode(code)}
            </p>
            <CopyButton text={code} label={t.copyCode} />
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t.joinLinkLabel}</p>
            <p className="break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900">
              {link}
            </p>
            <CopyButton text={link} label={t.copyLink} />
          </div>
        </div>
        <QrCode text={link} label={t.qrAlt(link)} className="h-48 w-48 border border-slate-200" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button ref={fullScreenButton} onClick={() => setFullScreen(true)}>
          {t.fullScreen}
        </Button>
        <Button
          ref={rotateButton}
          variant="secondary"
          onClick={() => setConfirming(true)}
          disabled={confirming || rotation.isLoading}
        >
          {t.rotateCode}
        </Button>
      </div>
      {confirming && (
        <div
          role="group"
          aria-label={t.rotateCode}
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
        >
          <p className="text-sm text-amber-950">{t.rotateConfirm}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={confirmButton}
              disabled={rotation.isLoading}
              aria-busy={rotation.isLoading}
              onClick={() => void onRotate()}
            >
              {t.rotateConfirmAction}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                rotateButton.current?.focus();
              }}
            >
              {t.rotateCancel}
            </Button>
          </div>
        </div>
      )}
      <StatusBanner banner={banner} />
      {fullScreen && (
        <FullScreenCode
          code={code}
          link={link}
          title={course.title}
          onClose={() => setFullScreen(false)}
        />
      )}
    </div>
  );
}

/** 'Додати студента за номером телефону': the server's 404 beside the field. */
function AddStudentForm({ courseId }: { courseId: string }) {
  const id = useId();
  const [addStudent] = useAddStudentMutation();
  const alertId = `${id}-alert`;
  const {
    formRef,
    values,
    setValues,
    field,
    errors,
    pending,
    setPending,
    showCheck,
    showServerFailure,
  } = useCheckedForm(['telephone'] as const, { idPrefix: id, alertId });
  const [banner, setBanner] = useState<Banner | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setBanner(null);
    const input: AddStudentInput = { telephone: values.telephone.trim() };
    if (!showCheck(checkAddStudent(input))) return;
    setPending(true);
    const result = await addStudent({ courseId, telephone: input.telephone });
    setPending(false);
    if (result.error) {
      showServerFailure(asFailure(result.error, t.addStudentFailed), t.addStudentFailed);
      return;
    }
    setValues({ telephone: '' });
    setBanner({ tone: 'success', text: t.addStudentDone(result.data.enrolledCount) });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t.addStudentHeading}
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-80">
          <TextField
            {...field('telephone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            label={t.addStudentLabel}
            hint={t.addStudentHint}
          />
        </div>
        <Button type="submit" disabled={pending} className="sm:mt-7">
          {t.addStudentAction}
        </Button>
      </div>
      <FormAlert id={alertId} message={errors.message} />
      <StatusBanner banner={banner} />
    </form>
  );
}

/**
 * 'Доступ до курсу' on the author's course page (DESIGN section 17): for a
 * private course its join code, link and QR code (copy, full screen, a new
 * code) and adding a student by telephone; a public course needs no code
 * (the catalog is its way in), so it gets adding by telephone only; a draft
 * takes nobody, so it gets only the explanation.
 */
export function CourseAccessPanel({ course }: { course: Course }) {
  const intro = {
    public: t.accessIntroPublic,
    private: t.accessIntroPrivate,
    draft: t.accessIntroDraft,
  }[course.visibility];
  return (
    <PageSection id="course-access" title={t.accessHeading}>
      <p className="text-sm text-slate-700">{intro}</p>
      {course.visibility === 'private' && <JoinCodeBlock course={course} />}
      {course.visibility !== 'draft' && <AddStudentForm courseId={course._id} />}
    </PageSection>
  );
}
