import { COURSE_LIMITS, courseMessages } from '@urok/contract';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import type { FieldProps } from '../../../lib/use-checked-form';

interface GradeFieldsProps {
  /** The form's `field(name)` (lib/use-checked-form.ts), which has `grade` and `feedback`. */
  field: (name: 'grade' | 'feedback') => FieldProps;
}

/** A grade (points, comma or point decimals) and its feedback: the grade and the regrade forms alike. */
export function GradeFields({ field }: GradeFieldsProps) {
  return (
    <>
      <TextField
        {...field('grade')}
        label={courseMessages.labelGrade}
        maxLength={COURSE_LIMITS.grade.max}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextAreaField
        {...field('feedback')}
        rows={2}
        label={courseMessages.labelFeedback}
        maxLength={COURSE_LIMITS.feedback.max}
      />
    </>
  );
}
