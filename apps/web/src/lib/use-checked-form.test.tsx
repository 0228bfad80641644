import { describe, expect, it } from 'vitest';
import { useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormError } from '@urok/contract';
import { TextField, controlProps } from '../components/ui/fields';
import type { ApiFailure } from './api-error';
import { useCheckedForm } from './use-checked-form';

type Field = 'name' | 'email';
const FIELDS: readonly Field[] = ['name', 'email'];

/** A two-field form: the check and the server's answer come from the test. */
function TestForm({
  check,
  serverFailure,
}: {
  check: FormError<Field> | null;
  serverFailure?: ApiFailure;
}) {
  const { formRef, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS);
  const [sent, setSent] = useState(0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!showCheck(check)) return;
    setPending(true);
    await Promise.resolve();
    setPending(false);
    setSent((count) => count + 1);
    if (serverFailure) showServerFailure(serverFailure, 'Could not send.');
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={pending}>
      {FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={field}>{field}</label>
          <input id={field} name={field} aria-invalid={errors.fields[field] !== undefined} />
          {errors.fields[field] && <p data-testid={`${field}-error`}>{errors.fields[field]}</p>}
        </div>
      ))}
      {errors.message && <p role="alert">{errors.message}</p>}
      <p data-testid="sent">{sent}</p>
      <button type="submit">Send</button>
    </form>
  );
}

const input = (name: Field) => screen.getByLabelText(name) as HTMLInputElement;
const invalid = (name: Field) => input(name).getAttribute('aria-invalid') === 'true';
const submit = () => userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));

describe('useCheckedForm', () => {
  it('a failing check shows its message by the field, focuses it and sends nothing', async () => {
    render(<TestForm check={{ message: 'Bad email', fields: ['email'] }} />);
    await submit();
    expect(screen.getByTestId('email-error').textContent).toBe('Bad email');
    expect(invalid('email')).toBe(true);
    expect(invalid('name')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(input('email'));
    expect(screen.getByTestId('sent').textContent).toBe('0');
  });

  it('a check on several fields shows one message above and focuses the first in form order', async () => {
    render(<TestForm check={{ message: 'Fill all fields', fields: ['email', 'name'] }} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Fill all fields');
    expect(invalid('name')).toBe(true);
    expect(invalid('email')).toBe(true);
    expect(document.activeElement).toBe(input('name'));
  });

  it('a passing check clears the errors shown before', async () => {
    const { rerender } = render(<TestForm check={{ message: 'Bad name', fields: ['name'] }} />);
    await submit();
    expect(invalid('name')).toBe(true);
    rerender(<TestForm check={null} />);
    await submit();
    expect(await screen.findByText('1')).toBeTruthy();
    expect(invalid('name')).toBe(false);
    expect(screen.queryByTestId('name-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a server failure with field errors puts them by the fields and focuses the first', async () => {
    render(
      <TestForm
        check={null}
        serverFailure={{
          message: 'Conflict',
          status: 409,
          fields: { email: 'Email taken', name: 'Name taken', other: 'Not in this form' },
        }}
      />,
    );
    await submit();
    expect(await screen.findByText('Email taken')).toBeTruthy();
    expect(screen.getByTestId('name-error').textContent).toBe('Name taken');
    expect(screen.queryByText('Not in this form')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(input('name'));
  });

  it('a server failure without field errors shows the form-level message', async () => {
    render(<TestForm check={null} serverFailure={{ message: 'Server is down', status: 500 }} />);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Server is down');
    expect(invalid('name')).toBe(false);
    expect(invalid('email')).toBe(false);
    expect(document.activeElement).not.toBe(input('name'));
    expect(document.activeElement).not.toBe(input('email'));
  });
});

/** A form whose fields come from `field(name)`: a shared TextField and a plain select. */
function FieldForm({ failed }: { failed: FormError<'title' | 'kind'> | null }) {
  const form = useCheckedForm(['title', 'kind'] as const, {
    initial: { kind: 'b' },
    idPrefix: 'f',
    alertId: 'f-alert',
  });
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.showCheck(failed);
      }}
    >
      <TextField {...form.field('title')} label="Title" />
      <label htmlFor="f-kind">Kind</label>
      <select {...controlProps(form.field('kind'))}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      {form.errors.fields.kind && <p id="f-kind-error">{form.errors.fields.kind}</p>}
      <p data-testid="values">{`${form.values.title}|${form.values.kind}`}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useCheckedForm field(name)', () => {
  it('gives each control its id, name, value and change handler', async () => {
    render(<FieldForm failed={null} />);
    const user = userEvent.setup();
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect([title.id, title.name]).toEqual(['f-title', 'title']);
    await user.type(title, 'Hi');
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    expect(screen.getByTestId('values').textContent).toBe('Hi|a');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Kind').getAttribute('aria-describedby')).toBeNull();
  });

  it("marks a field invalid with its own message, or the form's one for several", async () => {
    const { rerender } = render(<FieldForm failed={{ message: 'Pick one', fields: ['kind'] }} />);
    await submit();
    const kind = screen.getByLabelText('Kind');
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    expect(kind.getAttribute('aria-describedby')).toBe('f-kind-error');
    expect(document.activeElement).toBe(kind);
    rerender(<FieldForm failed={{ message: 'Fill both', fields: ['title', 'kind'] }} />);
    await submit();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe('f-alert');
    expect(kind.getAttribute('aria-describedby')).toBe('f-alert');
  });
});
