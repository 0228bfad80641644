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
import {
  CheckboxField,
  TextAreaField,
  TextField,
  controlProps,
} from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { asFailure } from '../../../lib/api';
import { fromServer } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useCreateAssignmentMutation, useUpdateAssignmentMutation } from '../grading-api';
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
  /** After a save (an edited assignment's cached copy is the saved one already: grading-api.ts). */
  onSaved?: (assignment: Assignment) => void;
}

/**
 * Create or edit an assignment: section, title, instructions (plain
 * paragraphs: each line of the text becomes one), due date, maximum points
 * and whether students see it. The server checks every field; its message
 * for a field is shown beside it.
 */
export function AssignmentForm({ courseId, sections, assignment, onSaved }: AssignmentFormProps) {
  const [createAssignment, creating] = useCreateAssignmentMutation();
  const [updateAssignment, updating] = useUpdateAssignmentMutation();
  const pending = creating.isLoading || updating.isLoading;
  const id = useId();
  const alertId = `${id}-alert`;
  const { formRef, values, setValues, field, errors, showErrors, clearErrors } = useCheckedForm(
    ASSIGNMENT_FIELDS,
    {
      initial: {
        sectionId: assignment?.sectionId ?? sections[0]?._id ?? '',
        title: assignment?.title ?? '',
        instructions: assignment ? documentToText(assignment.instructions) : '',
        dueAt: toDateTimeLocal(assignment?.dueAt ?? null),
        maxPoints: String(assignment?.maxPoints ?? ASSIGNMENT_LIMITS.maxPoints.default),
      },
      idPrefix: id,
      alertId,
    },
  );
  const [published, setPublished] = useState(assignment?.published ?? false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const title = values.title.trim();
    if (title.length < ASSIGNMENT_LIMITS.title.min) {
      showErrors({ message: null, fields: { title: messages.assignmentTitleInvalid } });
      return;
    }
    clearErrors();
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
      published,
    };
    const result = assignment
      ? await updateAssignment({ assignmentId: assignment._id, body })
      : await createAssignment({
          courseId,
          body: { ...body, instructions: body.instructions ?? textToDocument('') },
        });
    if (!result.error) {
      onSaved?.(result.data);
      if (!assignment) {
        setValues({ title: '', instructions: '', dueAt: '' });
      }
      return;
    }
    const shown = fromServer(
      asFailure(result.error, gradesMessages.assignmentSaveFailed),
      ASSIGNMENT_FIELDS,
    );
    showErrors(shown);
  };

  return (
    <form
      ref={formRef}
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
          {...controlProps(field('sectionId'))}
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
        {...field('title')}
        label={gradesMessages.labelAssignmentTitle}
        maxLength={ASSIGNMENT_LIMITS.title.max}
      />
      <TextAreaField {...field('instructions')} rows={4} label={gradesMessages.labelInstructions} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('dueAt')}
          type="datetime-local"
          label={gradesMessages.labelAssignmentDue}
        />
        <TextField
          {...field('maxPoints')}
          type="number"
          inputMode="numeric"
          min={ASSIGNMENT_LIMITS.maxPoints.min}
          max={ASSIGNMENT_LIMITS.maxPoints.max}
          label={gradesMessages.labelMaxPoints}
        />
      </div>
      <CheckboxField
        id={`${id}-published`}
        name="published"
        label={gradesMessages.labelPublished}
        checked={published}
        onChange={(event) => setPublished(event.target.checked)}
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
