import type { FormEvent } from 'react';
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
import { asFailure } from '../../lib/api';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useSubmitPledgeMutation } from './pledges-api';

type PledgeField = keyof PledgeInput;
const FIELDS: readonly PledgeField[] = ['name', 'amount', 'message'];

export interface PledgeSuccess {
  pledge: Pledge;
  message: string;
}

/** The /donate pledge form: checkPledge before sending, errors beside their fields. */
export function PledgeForm({ onPledged }: { onPledged: (result: PledgeSuccess) => void }) {
  const [submitPledge] = useSubmitPledgeMutation();
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, { idPrefix: 'pledge', alertId: 'pledge-alert' });

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
    const result = await submitPledge(input);
    setPending(false);
    if (result.data) {
      onPledged(result.data);
      return;
    }
    showServerFailure(
      asFailure(result.error, siteMessages.pledgeFailed),
      siteMessages.pledgeFailed,
    );
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
        {...field('name')}
        autoComplete="name"
        label={siteMessages.labelPledgeName}
        maxLength={PLEDGE_LIMITS.name.max}
      />
      <TextField
        {...field('amount')}
        inputMode="numeric"
        autoComplete="off"
        label={siteMessages.labelPledgeAmount}
        hint={siteMessages.pledgeAmountHint}
      />
      <TextAreaField
        {...field('message')}
        rows={4}
        maxLength={PLEDGE_LIMITS.message.max}
        label={siteMessages.labelPledgeMessage}
        hint={siteMessages.pledgeMessageHint}
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
