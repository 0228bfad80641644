import { useState, type ChangeEvent } from 'react';
import type { FieldProps } from './use-checked-form';

type ControlChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * The values of controls nothing checks (a search box, a list's filters, a
 * picker): `bind(name)` gives a control its value and change handler, the
 * way `field(name)` of useCheckedForm (lib/use-checked-form.ts) does for a
 * checked form. Kept apart from that hook so /login does not load it.
 */
export function useFieldValues<F extends string>(
  initial: Record<F, string> | (() => Record<F, string>),
) {
  const [values, setAll] = useState(initial);
  /** Changes some values, keeping the others. */
  const setValues = (patch: Partial<Record<F, string>>) =>
    setAll((current) => ({ ...current, ...patch }));
  const bind = (name: F) => ({
    value: values[name],
    onChange: (event: ControlChange) =>
      setValues({ [name]: event.target.value } as Partial<Record<F, string>>),
  });
  return { values, setValues, bind };
}

/**
 * A checkbox of a checked form (CheckboxField): its id, name, error state and
 * `checked` from `field(name)`, its value 'true' when ticked and '' when not.
 */
export function checkboxProps<F extends string>(
  form: {
    field: (name: F) => FieldProps<F>;
    setValues: (patch: Partial<Record<F, string>>) => void;
  },
  name: F,
) {
  const { value, onChange: _onChange, ...props } = form.field(name);
  return {
    ...props,
    checked: value === 'true',
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setValues({ [name]: event.target.checked ? 'true' : '' } as Partial<Record<F, string>>),
  };
}

/** A boolean as a checked form keeps it. */
export const flag = (value: boolean) => (value ? 'true' : '');

type StringKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * A text control over one entry of a list (a question's options, pairs,
 * items): the entry's text (its `key`, or the entry itself in a list of
 * strings) and the change that replaces it.
 */
export function bindEntry<T>(
  list: readonly T[],
  setList: (next: T[]) => void,
  index: number,
  key?: StringKey<T>,
) {
  const entry = list[index] as T;
  return {
    value: (key === undefined ? entry : entry[key]) as string,
    onChange: (event: ControlChange) => {
      const text = event.target.value;
      setList(
        list.map((row, i) =>
          i !== index ? row : key === undefined ? (text as T) : { ...row, [key]: text },
        ),
      );
    },
  };
}
