import { useId, useState, type FormEvent } from 'react';
import {
  ASSIGNMENT_LIMITS,
  documentToText,
  gradesMessages,
  messages,
  textToDocument,
} from '@urok/contract';
import type { Assignment } from '@urok/contract/schemas';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { useServiceDispatch } from '../../../lib/app-thunk';
import { fromServer, noFormErrors, type FormErrors } from '../../../lib/form-errors';
import { createAssignment, updateAssignment } from '../assignment-thunks';
import { fromDateTimeLocal, toDateTimeLocal } from '../format';

type AssignmentField = 'sectionId' | 'title' | 'instructions' | 'dueAt' | 'maxPoints' | 'published';
const ASSIGNMENT_FIELDS: readonly AssignmentField[] = [
  'sectionId',
  'title',
  'instructions',
  'dueAt',
  'maxPoints',
  'published',
];

interface AssignmentFormProps {
  courseId: string;
  /** The sections it may go into (the outline's). */
  sections: readonly { _id: string; title: string }[];
  /** Edit this one; absent: create a new one. */
  assignment?: Assignment;
  onSaved: (assignment: Assignment) => void;
}

/**
 * Create or edit an assignment: section, title, instructions (plain
 * paragraphs: each line of the text becomes one), due date, maximum points
 * and whether students see it. The server checks every field; its message
 * for a field is shown beside it.
 */
export function AssignmentForm({ courseId, sections, assignment, onSaved }: AssignmentFormProps) {
  const dispatch = useServiceDispatch();
  const id = useId();
  const [values, setValues] = useState(() => ({
    sectionId: assignment?.sectionId ?? sections[0]?._id ?? '',
    title: assignment?.title ?? '',
    instructions: assignment ? documentToText(assignment.instructions) : '',
    dueAt: toDateTimeLocal(assignment?.dueAt ?? null),
    maxPoints: String(assignment?.maxPoints ?? ASSIGNMENT_LIMITS.maxPoints.default),
    published: assignment?.published ?? false,
  }));
  const [errors, setErrors] = useState<FormErrors<AssignmentField>>(noFormErrors);
  const [pending, setPending] = useState(false);
  const alertId = `${id}-alert`;
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const title = values.title.trim();
    if (title.length < ASSIGNMENT_LIMITS.title.min) {
      setErrors({ message: null, fields: { title: messages.assignmentTitleInvalid } });
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    setErrors(noFormErrors());
    setPending(true);
    const maxPoints = Number(values.maxPoints);
    const body = {
      sectionId: values.sectionId,
      title,
      // Sent only when its text changed, so formatting given through the API survives other edits.
      instructions:
        assignment && values.instructions === documentToText(assignment.instructions)
          ? undefined
          : textToDocument(values.instructions),
      // '' clears the due date of an assignment being edited; a new one simply has none.
      dueAt: fromDateTimeLocal(values.dueAt) || (assignment ? null : undefined),
      // A non-number is sent as it is typed, for the server's message beside the field.
      maxPoints: Number.isInteger(maxPoints) ? maxPoints : (values.maxPoints as unknown as number),
      published: values.published,
    };
    const result = assignment
      ? await dispatch(updateAssignment({ assignmentId: assignment._id, body }))
      : await dispatch(
          createAssignment({
            courseId,
            body: { ...body, instructions: body.instructions ?? textToDocument('') },
          }),
        );
    setPending(false);
    if (createAssignment.fulfilled.match(result) || updateAssignment.fulfilled.match(result)) {
      onSaved(result.payload);
      if (!assignment) {
        setValues((current) => ({ ...current, title: '', instructions: '', dueAt: '' }));
      }
      return;
    }
    const failure = result.payload ?? { message: gradesMessages.assignmentSaveFailed };
    const shown = fromServer(failure, ASSIGNMENT_FIELDS);
    setErrors(shown);
    const first = ASSIGNMENT_FIELDS.find((field) => shown.fields[field] !== undefined);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={
        assignment ? gradesMessages.editAssignmentHeading : gradesMessages.newAssignmentHeading
      }
      aria-busy={pending}
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-sectionId`} className="block text-sm font-medium text-slate-800">
          {gradesMessages.labelSection}
        </label>
        <select
          id={`${id}-sectionId`}
          name="sectionId"
          value={values.sectionId}
          onChange={(event) => set('sectionId', event.target.value)}
          aria-invalid={errors.fields.sectionId !== undefined ? 'true' : undefined}
          aria-describedby={errors.fields.sectionId ? `${id}-sectionId-error` : undefined}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm"
        >
          {sections.map((section) => (
            <option key={section._id} value={section._id}>
              {section.title}
            </option>
          ))}
        </select>
        {errors.fields.sectionId && (
          <p id={`${id}-sectionId-error`} className="text-sm text-red-700">
            {errors.fields.sectionId}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-title`}
        name="title"
        label={gradesMessages.labelAssignmentTitle}
        value={values.title}
        maxLength={ASSIGNMENT_LIMITS.title.max}
        onChange={(event) => set('title', event.target.value)}
        error={errors.fields.title}
        describedBy={alertId}
      />
      <TextAreaField
        id={`${id}-instructions`}
        name="instructions"
        rows={4}
        label={gradesMessages.labelInstructions}
        value={values.instructions}
        onChange={(event) => set('instructions', event.target.value)}
        error={errors.fields.instructions}
        describedBy={alertId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-dueAt`}
          name="dueAt"
          type="datetime-local"
          label={gradesMessages.labelAssignmentDue}
          value={values.dueAt}
          onChange={(event) => set('dueAt', event.target.value)}
          error={errors.fields.dueAt}
          describedBy={alertId}
        />
        <TextField
          id={`${id}-maxPoints`}
          name="maxPoints"
          type="number"
          inputMode="numeric"
          min={ASSIGNMENT_LIMITS.maxPoints.min}
          max={ASSIGNMENT_LIMITS.maxPoints.max}
          label={gradesMessages.labelMaxPoints}
          value={values.maxPoints}
          onChange={(event) => set('maxPoints', event.target.value)}
          error={errors.fields.maxPoints}
          describedBy={alertId}
        />
      </div>
      <CheckboxField
        id={`${id}-published`}
        name="published"
        label={gradesMessages.labelPublished}
        checked={values.published}
        onChange={(event) => set('published', event.target.checked)}
        error={errors.fields.published}
        describedBy={alertId}
      />
      <FormAlert id={alertId} message={errors.message} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {assignment ? gradesMessages.saveAssignmentAction : gradesMessages.createAssignmentAction}
      </Button>
    </form>
  );
}
