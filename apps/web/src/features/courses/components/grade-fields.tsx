import { COURSE_LIMITS, courseMessages, type GradeInput } from '@urok/contract';
import { TextAreaField, TextField } from '../../../components/ui/fields';

interface GradeFieldsProps {
  /** The form's id prefix: the fields are `${id}-grade` and `${id}-feedback`. */
  id: string;
  values: GradeInput;
  onChange: (values: GradeInput) => void;
  errors: Partial<Record<keyof GradeInput, string>>;
  /** The form's alert, which a field refers to until it has an error of its own. */
  alertId: string;
}

/** A grade (points, comma or point decimals) and its feedback: the grade and the regrade forms alike. */
export function GradeFields({ id, values, onChange, errors, alertId }: GradeFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-grade`}
        name="grade"
        label={courseMessages.labelGrade}
        value={values.grade}
        maxLength={COURSE_LIMITS.grade.max}
        inputMode="decimal"
        autoComplete="off"
        onChange={(event) => onChange({ ...values, grade: event.target.value })}
        error={errors.grade}
        describedBy={alertId}
      />
      <TextAreaField
        id={`${id}-feedback`}
        name="feedback"
        rows={2}
        label={courseMessages.labelFeedback}
        value={values.feedback}
        maxLength={COURSE_LIMITS.feedback.max}
        onChange={(event) => onChange({ ...values, feedback: event.target.value })}
        error={errors.feedback}
        describedBy={alertId}
      />
    </>
  );
}
