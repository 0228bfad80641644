import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEARNING_API, gradesMessages, messages } from '@urok/contract';
import { createTestServices } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { AssignmentForm } from './assignment-form';

const sections = [
  { _id: 's1', title: 'Вступ' },
  { _id: 's2', title: 'Далі' },
];

async function open(reply: { status: number; body?: unknown }) {
  const api = createTestServices({ [`POST ${LEARNING_API.assignments('c1')}`]: reply });
  await renderWithStore(<AssignmentForm courseId="c1" sections={sections} />, {
    services: api.services,
  });
  return api;
}

describe('the assignment form', () => {
  it('refuses a short title beside the field, focused, and sends nothing', async () => {
    const { calls } = await open({ status: 201, body: {} });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: gradesMessages.createAssignmentAction }));
    const title = screen.getByLabelText(gradesMessages.labelAssignmentTitle);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      messages.assignmentTitleInvalid,
    );
    expect(document.activeElement).toBe(title);
    expect(calls).toEqual([]);
  });

  it("sends the chosen section and shows the server's message for it beside the select", async () => {
    const { calls } = await open({
      status: 400,
      body: { message: 'Перевірте поля.', fields: { sectionId: 'Розділу немає.' } },
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(gradesMessages.labelSection), 's2');
    await user.type(screen.getByLabelText(gradesMessages.labelAssignmentTitle), 'Звіт');
    await user.click(screen.getByRole('button', { name: gradesMessages.createAssignmentAction }));
    const select = screen.getByLabelText(gradesMessages.labelSection);
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(calls[0]?.body).toMatchObject({ sectionId: 's2', title: 'Звіт', published: false });
    const described = select.getAttribute('aria-describedby')!;
    expect(described).toBe(`${select.id}-error`);
    expect(document.getElementById(described)?.textContent).toBe('Розділу немає.');
    expect(document.activeElement).toBe(select);
  });
});
