import { useId, type FormEvent } from 'react';
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
import { SelectField } from '../../../components/ui/select-field';
import { asFailure } from '../../../lib/api';
import { checkboxProps, flag } from '../../../lib/form-controls';
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
  const form = useCheckedForm(ASSIGNMENT_FIELDS, {
    initial: {
      sectionId: assignment?.sectionId ?? sections[0]?._id ?? '',
      title: assignment?.title ?? '',
      instructions: assignment ? documentToText(assignment.instructions) : '',
      dueAt: toDateTimeLocal(assignment?.dueAt ?? null),
      maxPoints: String(assignment?.maxPoints ?? ASSIGNMENT_LIMITS.maxPoints.default),
      published: flag(assignment?.published ?? false),
    },
    idPrefix: id,
    alertId,
  });
  const { formRef, values, setValues, field, errors, showErrors, clearErrors } = form;

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
      published: values.published === 'true',
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
      <SelectField {...field('sectionId')} label={gradesMessages.labelSection}>
        {sections.map((section) => (
          <option key={section._id} value={section._id}>
            {section.title}
          </option>
        ))}
      </SelectField>
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
      <CheckboxField {...checkboxProps(form, 'published')} label={gradesMessages.labelPublished} />
      <FormAlert id={alertId} message={errors.message} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {assignment ? gradesMessages.saveAssignmentAction : gradesMessages.createAssignmentAction}
      </Button>
    </form>
  );
}
