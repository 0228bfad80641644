import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ASSIGNMENT_LIMITS,
  gradesMessages,
  messages,
  parsePoints,
  type Homework,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { asFailure } from '../../../lib/api';
import { fromServer, type FormErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useRegradeHomeworkMutation } from '../homework-api';
import { GradeFields } from './grade-fields';

type RegradeField = 'grade' | 'feedback' | 'reason';
const REGRADE_FIELDS: readonly RegradeField[] = ['grade', 'feedback', 'reason'];

interface RegradeFormProps {
  homework: Homework;
  /** Checks the points before sending when known (the assignment page); the server checks always. */
  maxPoints?: number;
  /** Called with the regraded submission (the author's list in the slice is updated already). */
  onRegraded?: (homework: Homework) => void;
}

/**
 * 'Переоцінити' on a graded submission: the one deliberate way to change a
 * grade, with a reason; the earlier grade stays in the history the student sees.
 */
export function RegradeForm({ homework, maxPoints, onRegraded }: RegradeFormProps) {
  const [regradeHomework, { isLoading: pending }] = useRegradeHomeworkMutation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const alertId = `${id}-alert`;
  const { formRef, values, field, errors, showErrors, clearErrors } = useCheckedForm(
    REGRADE_FIELDS,
    { initial: { feedback: homework.feedback ?? '' }, idPrefix: id, alertId },
  );

  useEffect(() => {
    if (open) document.getElementById(`${id}-grade`)?.focus();
  }, [open, id]);

  const close = () => {
    setOpen(false);
    clearErrors();
    setTimeout(() => openRef.current?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const fields: FormErrors<RegradeField>['fields'] = {};
    if (maxPoints !== undefined && parsePoints(values.grade, maxPoints) === null)
      fields.grade = messages.gradePointsInvalid(maxPoints);
    if (values.reason.trim().length < ASSIGNMENT_LIMITS.regradeReason.min)
      fields.reason = messages.regradeReasonInvalid;
    if (Object.keys(fields).length > 0) {
      showErrors({ message: null, fields });
      return;
    }
    clearErrors();
    const result = await regradeHomework({ homeworkId: homework._id, ...values });
    if (!result.error) {
      setOpen(false);
      onRegraded?.(result.data);
      return;
    }
    showErrors(fromServer(asFailure(result.error, gradesMessages.regradeFailed), REGRADE_FIELDS));
  };

  if (!open) {
    return (
      <Button ref={openRef} variant="secondary" onClick={() => setOpen(true)}>
        {gradesMessages.regradeAction}
      </Button>
    );
  }
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={gradesMessages.regradeFormName(homework.fileName)}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      aria-busy={pending}
    >
      <GradeFields field={field} />
      <TextField
        {...field('reason')}
        label={gradesMessages.labelRegradeReason}
        maxLength={ASSIGNMENT_LIMITS.regradeReason.max}
      />
      <FormAlert id={alertId} message={errors.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {gradesMessages.regradeSave}
        </Button>
        <Button variant="secondary" onClick={close} disabled={pending}>
          {gradesMessages.regradeCancel}
        </Button>
      </div>
    </form>
  );
}
