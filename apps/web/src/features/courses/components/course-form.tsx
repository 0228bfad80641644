import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  COURSE_LIMITS,
  COVER_ACCEPT,
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  COURSE_VISIBILITIES,
  checkCourse,
  classMessages,
  classPageMessages,
  courseMessages,
  isCourseVisibility,
  messages,
  type Course,
  type CourseInput,
  type CourseVisibility,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import type { ApiFailure } from '../../../lib/api-error';
import { fromServer, type FormErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import type { CourseFormInput } from '../courses-api';
import { fromDateTimeLocal, toDateTimeLocal } from '../format';
import { CourseCover } from './course-cover';

export type CourseField = keyof CourseInput | 'visibility' | 'cover';
/** Form order: the first invalid one takes the focus. */
export const COURSE_FIELDS: readonly CourseField[] = [
  'title',
  'description',
  'category',
  'homeworkTask',
  'homeworkDueAt',
  'visibility',
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

function initialValues(course?: Course): CourseInput & { visibility: CourseVisibility } {
  return {
    visibility: course?.visibility ?? 'public',
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
  const alertId = `${id}-alert`;
  const {
    formRef,
    values,
    setValues,
    field,
    errors,
    setErrors,
    showErrors,
    showCheck,
    pending,
    setPending,
  } = useCheckedForm(COURSE_FIELDS, { initial: initialValues(course), idPrefix: id, alertId });
  const [cover, setCover] = useState<File | null>(null);
  const [coverInputKey, setCoverInputKey] = useState(0);
  const previewUrl = useObjectUrl(cover);

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
    const visibility = values.visibility as CourseVisibility;
    const fields: CourseInput = {
      title: values.title,
      description: values.description,
      category: values.category,
      homeworkTask: values.homeworkTask,
      homeworkDueAt: fromDateTimeLocal(values.homeworkDueAt),
    };
    const coverProblem = cover ? checkCover(cover) : null;
    // The fields first, then who sees the course; the cover only when they pass.
    const failed =
      checkCourse(fields) ??
      (isCourseVisibility(visibility)
        ? null
        : { message: classMessages.visibilityInvalid, fields: ['visibility' as const] }) ??
      (coverProblem ? { message: coverProblem, fields: ['cover' as const] } : null);
    if (!showCheck(failed)) return;
    setPending(true);
    const failure = await onSubmit({ fields, visibility, cover });
    setPending(false);
    if (failure) {
      showErrors(courseFormErrors(failure));
      return;
    }
    setCover(null);
    setCoverInputKey((key) => key + 1);
    onSaved?.();
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-busy={pending}
    >
      <TextField
        {...field('title')}
        label={courseMessages.labelTitle}
        maxLength={COURSE_LIMITS.title.max}
      />
      <TextAreaField
        {...field('description')}
        rows={5}
        label={courseMessages.labelDescription}
        maxLength={COURSE_LIMITS.description.max}
      />
      <TextField
        {...field('category')}
        label={courseMessages.labelCategory}
        hint={courseMessages.categoryHint}
        maxLength={COURSE_LIMITS.category.max}
      />
      <TextAreaField
        {...field('homeworkTask')}
        rows={4}
        label={courseMessages.labelHomeworkTask}
        maxLength={COURSE_LIMITS.homeworkTask.max}
      />
      <TextField
        {...field('homeworkDueAt')}
        type="datetime-local"
        label={courseMessages.labelDeadline}
        hint={courseMessages.deadlineHint}
      />
      <VisibilityChoice
        id={`${id}-visibility`}
        value={values.visibility as CourseVisibility}
        onChange={(visibility) => setValues({ visibility })}
        error={errors.fields.visibility}
      />
      <div className="space-y-3">
        <TextField
          key={coverInputKey}
          id={`${id}-cover`}
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

/**
 * Who sees the course: one radio per visibility with its one-line meaning.
 * The fieldset carries the field's name, so a refusal that names
 * `visibility` focuses the group (useCheckedForm focuses by name).
 */
function VisibilityChoice({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: CourseVisibility;
  onChange: (visibility: CourseVisibility) => void;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      name="visibility"
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      className="space-y-2 focus:outline-none"
    >
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">
        {classPageMessages.visibilityLegend}
      </legend>
      {COURSE_VISIBILITIES.map((option) => {
        const optionId = `${id}-${option}`;
        return (
          <label
            key={option}
            htmlFor={optionId}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${
              value === option ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300 bg-white'
            }`}
          >
            <input
              id={optionId}
              type="radio"
              name="visibility-option"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-describedby={`${optionId}-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
            />
            <span className="space-y-0.5">
              <span className="block text-sm font-semibold text-slate-900">
                {classPageMessages.visibilityLabel[option]}
              </span>
              <span id={`${optionId}-hint`} className="block text-sm text-slate-600">
                {classPageMessages.visibilityHint[option]}
              </span>
            </span>
          </label>
        );
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
