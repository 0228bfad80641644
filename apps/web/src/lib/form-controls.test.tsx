import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField, TextField } from '../components/ui/fields';
import { SelectField } from '../components/ui/select-field';
import { bindEntry, checkboxProps, flag, useFieldValues } from './form-controls';
import { useCheckedForm } from './use-checked-form';

function Filters() {
  const filter = useFieldValues({ q: 'start', tag: '' });
  return (
    <>
      <TextField id="q" label="Search" {...filter.bind('q')} />
      <SelectField id="tag" label="Tag" {...filter.bind('tag')}>
        <option value="">All</option>
        <option value="a">A</option>
      </SelectField>
      <p data-testid="values">{JSON.stringify(filter.values)}</p>
      <button type="button" onClick={() => filter.setValues({ q: '' })}>
        Clear
      </button>
    </>
  );
}

function Rows() {
  const [pairs, setPairs] = useState([{ left: 'x', right: 'y' }]);
  const [items, setItems] = useState(['one', 'two']);
  return (
    <>
      <TextField id="left" label="Left" {...bindEntry(pairs, setPairs, 0, 'left')} />
      <TextField id="second" label="Second" {...bindEntry(items, setItems, 1)} />
      <p data-testid="rows">{JSON.stringify({ pairs, items })}</p>
    </>
  );
}

const FIELDS = ['title', 'published'] as const;

function Checked() {
  const form = useCheckedForm(FIELDS, { initial: { published: flag(true) }, alertId: 'alert' });
  return (
    <form ref={form.formRef}>
      <CheckboxField {...checkboxProps(form, 'published')} label="Published" />
      <p data-testid="published">{form.values.published}</p>
      <button
        type="button"
        onClick={() => form.showErrors({ message: 'No', fields: { published: '' } })}
      >
        Refuse
      </button>
    </form>
  );
}

describe('the controls nothing checks (useFieldValues, bindEntry)', () => {
  it('binds a text box and a select to their values, and sets some values at once', async () => {
    render(<Filters />);
    const user = userEvent.setup();
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    expect(search.value).toBe('start');
    await user.type(search, '!');
    await user.selectOptions(screen.getByLabelText('Tag'), 'a');
    expect(screen.getByTestId('values').textContent).toBe('{"q":"start!","tag":"a"}');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('values').textContent).toBe('{"q":"","tag":"a"}');
    expect(screen.getByLabelText('Tag').getAttribute('aria-invalid')).toBeNull();
  });

  it('changes one entry of a list of objects or of strings, keeping the others', async () => {
    render(<Rows />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Left'), '1');
    await user.clear(screen.getByLabelText('Second'));
    await user.type(screen.getByLabelText('Second'), '2');
    expect(screen.getByTestId('rows').textContent).toBe(
      '{"pairs":[{"left":"x1","right":"y"}],"items":["one","2"]}',
    );
  });
});

describe('checkboxProps', () => {
  it("keeps a box of a checked form as 'true' or '', with the field's id, name and error state", async () => {
    render(<Checked />);
    const user = userEvent.setup();
    const box = screen.getByLabelText('Published') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.id).toBe('published');
    expect(box.name).toBe('published');
    await user.click(box);
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('published').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('alert');
    expect(document.activeElement).toBe(box);
  });
});
