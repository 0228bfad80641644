import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  COURSE_LIMITS,
  COVER_ACCEPT,
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  checkCourse,
  courseMessages,
  messages,
  type Course,
  type CourseInput,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import type { ApiFailure } from '../../../lib/api-error';
import { fromServer, type FormErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import type { CourseFormInput } from '../course-slice';
import { fromDateTimeLocal, toDateTimeLocal } from '../format';
import { CourseCover } from './course-cover';

export type CourseField = keyof CourseInput | 'cover';
/** Form order: the first invalid one takes the focus. */
export const COURSE_FIELDS: readonly CourseField[] = [
  'title',
  'description',
  'category',
  'homeworkTask',
  'homeworkDueAt',
  'cover',
];

/** The cover rule of the server (DESIGN section 4), checked before sending: type, then size. */
export function checkCover(file: File): string | null {
  if (!(COVER_MIME_TYPES as readonly string[]).includes(file.type))
    return messages.coverTypeUnsupported;
  if (file.size > COVER_MAX_BYTES) return messages.coverTooLarge;
  return null;
}

/** A server refusal: field messages beside their fields; a refused cover (413/415) beside the cover. */
export function courseFormErrors(failure: ApiFailure): FormErrors<CourseField> {
  const errors = fromServer(failure, COURSE_FIELDS);
  if (
    Object.keys(errors.fields).length === 0 &&
    (failure.status === 413 || failure.status === 415)
  ) {
    return { message: null, fields: { cover: failure.message } };
  }
  return errors;
}

/** An object URL for a chosen file, revoked when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface CourseFormProps {
  /** The course being edited; absent on /courseCreate. */
  course?: Course;
  submitLabel: string;
  /** Sends the form; resolves with null on success or the server's refusal. */
  onSubmit: (input: CourseFormInput) => Promise<ApiFailure | null>;
  /** Called after a successful save (the create page navigates; the edit form shows a banner). */
  onSaved?: () => void;
}

type Values = CourseInput;

function initialValues(course?: Course): Values {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    category: course?.category ?? '',
    homeworkTask: course?.homeworkTask ?? '',
    // The input holds local time; it becomes ISO on submit.
    homeworkDueAt: toDateTimeLocal(course?.homeworkDueAt ?? null),
  };
}

/**
 * The course form of /courseCreate and of the teacher's course page:
 * checkCourse in form order with the messages beside the fields, the cover
 * checked for type and size with a preview, server field errors beside the
 * fields they name.
 */
export function CourseForm({ course, submitLabel, onSubmit, onSaved }: CourseFormProps) {
  const id = useId();
  const { formRef, errors, setErrors, showErrors, showCheck, pending, setPending } =
    useCheckedForm(COURSE_FIELDS);
  const [values, setValues] = useState<Values>(() => initialValues(course));
  const [cover, setCover] = useState<File | null>(null);
  const [coverInputKey, setCoverInputKey] = useState(0);
  const previewUrl = useObjectUrl(cover);
  const alertId = `${id}-alert`;

  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const onCoverChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkCover(file) : null;
    setErrors((current) => {
      const fields = { ...current.fields };
      if (problem) fields.cover = problem;
      else delete fields.cover;
      return { ...current, fields };
    });
    setCover(problem ? null : file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const fields: CourseInput = {
      ...values,
      homeworkDueAt: fromDateTimeLocal(values.homeworkDueAt),
    };
    const coverProblem = cover ? checkCover(cover) : null;
    // The fields first; the cover only when they pass.
    const failed =
      checkCourse(fields) ??
      (coverProblem ? { message: coverProblem, fields: ['cover' as const] } : null);
    if (!showCheck(failed)) return;
    setPending(true);
    const failure = await onSubmit({ fields, cover });
    setPending(false);
    if (failure) {
      showErrors(courseFormErrors(failure));
      return;
    }
    setCover(null);
    setCoverInputKey((key) => key + 1);
    onSaved?.();
  };

  const fieldId = (name: CourseField) => `${id}-${name}`;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-busy={pending}
    >
      <TextField
        id={fieldId('title')}
        name="title"
        label={courseMessages.labelTitle}
        value={values.title}
        maxLength={COURSE_LIMITS.title.max}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.fields.title}
        describedBy={alertId}
      />
      <TextAreaField
        id={fieldId('description')}
        name="description"
        rows={5}
        label={courseMessages.labelDescription}
        value={values.description}
        maxLength={COURSE_LIMITS.description.max}
        onChange={(event) => set({ description: event.target.value })}
        error={errors.fields.description}
        describedBy={alertId}
      />
      <TextField
        id={fieldId('category')}
        name="category"
        label={courseMessages.labelCategory}
        hint={courseMessages.categoryHint}
        value={values.category}
        maxLength={COURSE_LIMITS.category.max}
        onChange={(event) => set({ category: event.target.value })}
        error={errors.fields.category}
        describedBy={alertId}
      />
      <TextAreaField
        id={fieldId('homeworkTask')}
        name="homeworkTask"
        rows={4}
        label={courseMessages.labelHomeworkTask}
        value={values.homeworkTask}
        maxLength={COURSE_LIMITS.homeworkTask.max}
        onChange={(event) => set({ homeworkTask: event.target.value })}
        error={errors.fields.homeworkTask}
        describedBy={alertId}
      />
      <TextField
        id={fieldId('homeworkDueAt')}
        name="homeworkDueAt"
        type="datetime-local"
        label={courseMessages.labelDeadline}
        hint={courseMessages.deadlineHint}
        value={values.homeworkDueAt}
        onChange={(event) => set({ homeworkDueAt: event.target.value })}
        error={errors.fields.homeworkDueAt}
        describedBy={alertId}
      />
      <div className="space-y-3">
        <TextField
          key={coverInputKey}
          id={fieldId('cover')}
          name="cover"
          type="file"
          accept={COVER_ACCEPT}
          label={courseMessages.labelCover}
          hint={courseMessages.coverHint}
          onChange={onCoverChange}
          error={errors.fields.cover}
          describedBy={alertId}
        />
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={courseMessages.coverPreview}
            width={640}
            height={360}
            className="aspect-video w-full max-w-sm rounded-xl border border-slate-200 object-cover"
          />
        ) : (
          course?.coverUrl && (
            <CourseCover course={course} className="max-w-sm rounded-xl border border-slate-200" />
          )
        )}
      </div>
      <FormAlert id={alertId} message={errors.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
