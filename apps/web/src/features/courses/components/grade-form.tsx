import { useId, type FormEvent } from 'react';
import {
  checkGrade,
  courseMessages,
  messages,
  parsePoints,
  type GradeInput,
  type Homework,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { fromServer } from '../../../lib/form-errors';
import { asFailure } from '../../../lib/api';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useGradeHomeworkMutation } from '../homework-api';
import { GradeFields } from './grade-fields';

type GradeField = keyof GradeInput;
const GRADE_FIELDS: readonly GradeField[] = ['grade', 'feedback'];

interface GradeFormProps {
  homework: Homework;
  /** The assignment's maximum, when known: the points are checked before they are sent (the server checks always). */
  maxPoints?: number;
  /** The server says it is graded already (409): the row shows the message and reloads. */
  onAlreadyGraded: () => void;
}

/** The inline grade form of an ungraded submission: a blank grade is refused; a grade is final. */
export function GradeForm({ homework, maxPoints, onAlreadyGraded }: GradeFormProps) {
  const [gradeHomework, { isLoading: pending }] = useGradeHomeworkMutation();
  const id = useId();
  const alertId = `${id}-alert`;
  const { formRef, values, field, errors, showCheck, showErrors } = useCheckedForm(GRADE_FIELDS, {
    idPrefix: id,
    alertId,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const failed =
      checkGrade(values) ??
      (maxPoints !== undefined && parsePoints(values.grade, maxPoints) === null
        ? { message: messages.gradePointsInvalid(maxPoints), fields: ['grade' as const] }
        : null);
    if (!showCheck(failed)) return;
    const result = await gradeHomework({ homeworkId: homework._id, ...values });
    if (!result.error) return;
    const failure = asFailure(result.error, courseMessages.gradeFailed);
    if (failure.status === 409) {
      onAlreadyGraded();
      return;
    }
    showErrors(fromServer(failure, GRADE_FIELDS));
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={courseMessages.gradeFormName(homework.fileName)}
      onSubmit={(event) => void submit(event)}
      className="space-y-3"
      aria-busy={pending}
    >
      <GradeFields field={field} />
      <FormAlert id={alertId} message={errors.message} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {messages.gradeAction}
      </Button>
    </form>
  );
}
