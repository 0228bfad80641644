import { useId, useState, type DragEvent, type FormEvent } from 'react';
import {
  COURSE_LIMITS,
  HOMEWORK_ACCEPT,
  HOMEWORK_MAX_BYTES,
  checkHomeworkComment,
  courseMessages,
  messages,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { FileInput } from '../../../components/ui/file-input';
import { FormAlert } from '../../../components/ui/form-alert';
import { StatusBanner, type Banner } from '../../../components/ui/status-banner';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { fromServer } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { asFailure } from '../../../lib/api';
import type { UploadState } from '../../../lib/resumable-upload';
import { formatFileSize } from '../format';
import { useUploadHomeworkMutation } from '../homework-api';

type UploadField = 'file' | 'comment';
const UPLOAD_FIELDS: readonly UploadField[] = ['file', 'comment'];
const ACCEPTED_EXTENSIONS = HOMEWORK_ACCEPT.split(',');
const NOT_STARTED: UploadState = { sent: 0, total: 0, percent: 0, waiting: false };

/**
 * The client-side checks of a homework file, with the server's messages:
 * the type by its extension (a dropped file skips the picker's filter; the
 * server decides from the bytes), then the 20 MB limit.
 */
export function checkHomeworkFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return messages.homeworkTypeUnsupported;
  }
  if (file.size > HOMEWORK_MAX_BYTES) return messages.homeworkTooLarge;
  return null;
}

/**
 * The homework upload of an enrolled student: a drop zone with a file
 * button, an optional comment, a progress bar while it is sent. Every
 * upload is a new submission, so a second one is a resubmission.
 */
export function HomeworkUploadForm({
  courseId,
  assignmentId,
}: {
  courseId: string;
  /** Hands in to this assignment; absent: the course's default assignment. */
  assignmentId?: string;
}) {
  const [uploadHomework, { isLoading: uploading, reset }] = useUploadHomeworkMutation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const alertId = `${id}-alert`;
  const { formRef, values, setValues, field, errors, setErrors, showErrors, clearErrors } =
    useCheckedForm(UPLOAD_FIELDS, { idPrefix: id, alertId });
  const { comment } = values;
  const [progress, setProgress] = useState<UploadState>(NOT_STARTED);
  const [dragging, setDragging] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [banner, setBanner] = useState<Banner | null>(null);
  const fileId = `${id}-file`;

  const choose = (chosen: File | null) => {
    if (uploading) return;
    reset();
    setBanner(null);
    const problem = chosen ? checkHomeworkFile(chosen) : null;
    if (problem) setErrors({ message: null, fields: { file: problem } });
    else clearErrors();
    setFile(problem ? null : chosen);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const problem = file ? checkHomeworkFile(file) : messages.fileRequired;
    if (problem || !file) {
      showErrors({ message: null, fields: { file: problem ?? messages.fileRequired } });
      return;
    }
    const commentProblem = checkHomeworkComment({ comment });
    if (commentProblem) {
      showErrors({ message: null, fields: { comment: commentProblem.message } });
      return;
    }
    clearErrors();
    setBanner(null);
    setProgress(NOT_STARTED);
    const result = await uploadHomework({
      courseId,
      assignmentId,
      file,
      comment,
      onState: setProgress,
    });
    if (!result.error) {
      setBanner({ tone: 'success', text: result.data.message || messages.homeworkUploaded });
      setFile(null);
      setValues({ comment: '' });
      setInputKey((key) => key + 1);
      return;
    }
    const failure = asFailure(result.error, courseMessages.uploadFailed);
    const next = fromServer(failure, UPLOAD_FIELDS);
    // A refused file (too large, wrong type) is explained beside the file.
    showErrors(
      next.message && (failure.status === 413 || failure.status === 415)
        ? { message: null, fields: { file: failure.message } }
        : next,
      false,
    );
  };

  const fileError = errors.fields.file;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-busy={uploading}
    >
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={`space-y-3 rounded-2xl border-2 border-dashed p-5 text-center transition-colors ${
          fileError
            ? 'border-red-600 bg-red-50/40'
            : dragging
              ? 'border-indigo-600 bg-indigo-50'
              : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p className="text-sm text-slate-700">{courseMessages.dropHint}</p>
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {courseMessages.labelHomeworkFile}
          </label>
          <FileInput
            key={inputKey}
            id={fileId}
            name="file"
            accept={HOMEWORK_ACCEPT}
            disabled={uploading}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? 'true' : undefined}
            aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
            className="mx-auto max-w-sm"
          />
          <p id={`${fileId}-hint`} className="text-xs text-slate-600">
            {courseMessages.homeworkFileHint}
          </p>
        </div>
        {file && (
          <p className="break-all text-sm font-medium text-slate-900">
            {courseMessages.chosenFile(file.name, formatFileSize(file.size))}
          </p>
        )}
        {fileError && (
          <p id={`${fileId}-error`} className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>

      <TextAreaField
        {...field('comment')}
        rows={3}
        label={courseMessages.labelComment}
        hint={courseMessages.commentHint}
        maxLength={COURSE_LIMITS.comment.max}
        disabled={uploading}
      />

      {uploading && (
        <UploadProgress
          label={courseMessages.uploadProgress}
          percent={progress.percent}
          waiting={progress.waiting}
        />
      )}
      <FormAlert id={alertId} message={errors.message} />
      <StatusBanner banner={banner} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">{courseMessages.resubmitHint}</p>
        <Button type="submit" disabled={uploading} aria-busy={uploading}>
          {courseMessages.submitHomework}
        </Button>
      </div>
    </form>
  );
}
