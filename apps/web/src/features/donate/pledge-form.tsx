import { useState, type FormEvent } from 'react';
import { messages, siteMessages } from '@urok/contract';
// Not in the contract's index: its module would join the entry chunk that /login loads.
import {
  checkPledge,
  parsePledgeAmount,
  PLEDGE_LIMITS,
  type Pledge,
  type PledgeInput,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { preloadApiClient } from '../../lib/http';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useCheckedForm } from '../../lib/use-checked-form';
import { submitPledge } from './pledge-thunk';

type PledgeField = keyof PledgeInput;
const FIELDS: readonly PledgeField[] = ['name', 'amount', 'message'];

interface PledgeValues {
  name: string;
  amount: string;
  message: string;
}

const EMPTY: PledgeValues = { name: '', amount: '', message: '' };

export interface PledgeSuccess {
  pledge: Pledge;
  message: string;
}

/** The /donate pledge form: checkPledge before sending, errors beside their fields. */
export function PledgeForm({ onPledged }: { onPledged: (result: PledgeSuccess) => void }) {
  const dispatch = useServiceDispatch();
  const { formRef, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS);
  const [values, setValues] = useState<PledgeValues>(EMPTY);
  const set = (patch: Partial<PledgeValues>) => setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input: PledgeInput = {
      name: values.name.trim(),
      amount: parsePledgeAmount(values.amount),
      message: values.message.trim(),
    };
    if (!showCheck(checkPledge(input))) return;
    setPending(true);
    const result = await dispatch(submitPledge(input));
    setPending(false);
    if (submitPledge.fulfilled.match(result)) {
      onPledged(result.payload);
      return;
    }
    showServerFailure(result.payload, siteMessages.pledgeFailed);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadApiClient}
      className="space-y-5"
      aria-busy={pending}
    >
      <TextField
        id="pledge-name"
        name="name"
        autoComplete="name"
        label={siteMessages.labelPledgeName}
        maxLength={PLEDGE_LIMITS.name.max}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={errors.fields.name}
        describedBy="pledge-alert"
      />
      <TextField
        id="pledge-amount"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        label={siteMessages.labelPledgeAmount}
        hint={siteMessages.pledgeAmountHint}
        value={values.amount}
        onChange={(event) => set({ amount: event.target.value })}
        error={errors.fields.amount}
        describedBy="pledge-alert"
      />
      <TextAreaField
        id="pledge-message"
        name="message"
        rows={4}
        maxLength={PLEDGE_LIMITS.message.max}
        label={siteMessages.labelPledgeMessage}
        hint={siteMessages.pledgeMessageHint}
        value={values.message}
        onChange={(event) => set({ message: event.target.value })}
        error={errors.fields.message}
        describedBy="pledge-alert"
      />
      <FormAlert id="pledge-alert" message={errors.message} />
      <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
        {siteMessages.submitPledge}
      </Button>
      {pending && (
        <span className="sr-only" role="status">
          {messages.loading}
        </span>
      )}
    </form>
  );
}
