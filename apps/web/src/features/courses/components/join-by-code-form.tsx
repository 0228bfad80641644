import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, classMessages, classPageMessages as t, normalizeJoinCode } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { asFailure } from '../../../lib/api';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useJoinCourseMutation } from '../courses-api';

/** 'Приєднатися за кодом' on the student's course list: the code a teacher gave, then the course. */
export function JoinByCodeForm() {
  const id = useId();
  const navigate = useNavigate();
  const [joinCourse] = useJoinCourseMutation();
  const alertId = `${id}-alert`;
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(['code'] as const, { idPrefix: id, alertId });
  const { code } = values;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const normalized = normalizeJoinCode(code);
    const failed = !code.trim()
      ? classMessages.joinCodeRequired
      : normalized === null
        ? classMessages.joinCodeNotFound
        : null;
    if (!showCheck(failed ? { message: failed, fields: ['code'] } : null)) return;
    setPending(true);
    const result = await joinCourse(normalized as string);
    setPending(false);
    if (result.error) {
      showServerFailure(asFailure(result.error, t.joinFailed), t.joinFailed);
      return;
    }
    void navigate(ROUTES.myCourseDetails(result.data._id));
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t.joinFormHeading}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-72">
          <TextField
            {...field('code')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            label={t.joinFormLabel}
            hint={t.joinFormHint}
          />
        </div>
        <Button type="submit" disabled={pending} className="sm:mt-7">
          {t.joinFormAction}
        </Button>
      </div>
      <FormAlert id={alertId} message={errors.message} />
    </form>
  );
}
