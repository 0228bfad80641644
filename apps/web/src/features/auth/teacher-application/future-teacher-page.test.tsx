import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, messages } from '@urok/contract';
import { createTestServices, type FakeReply } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { FutureTeacherPage, type TeacherApplicationPrefill } from './future-teacher-page';

const application = {
  _id: 'a1',
  fullName: 'Оксана Петренко',
  telephone: '+380501112233',
  email: 'oksana@example.com',
  subject: 'Математика',
  experience: '',
  motivation: 'Хочу ділитися знаннями.',
  status: 'pending',
  createdAt: '2025-01-01T00:00:00.000Z',
  decidedAt: null,
};

async function setup(reply: FakeReply, prefill?: TeacherApplicationPrefill) {
  const api = createTestServices({ [`POST ${API.teacherApplications}`]: reply });
  const view = await renderWithStore(<FutureTeacherPage prefill={prefill} />, {
    services: api.services,
    path: '/future-teacher',
  });
  return { ...api, ...view, user: userEvent.setup() };
}

const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: 'Submit application' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full name'), 'Оксана Петренко');
  await user.type(field('Telephone'), '+380501112233');
  await user.type(field('Email'), 'oksana@example.com');
  await user.type(field('Subject'), 'Математика');
  await user.type(field('Motivation'), 'Хочу ділитися знаннями.');
}

describe('/future-teacher', () => {
  it('shows the application form with its six fields, titled Become a teacher', async () => {
    await setup({ status: 201, body: { application, message: messages.applicationReceived } });
    expect(screen.getByRole('heading', { level: 1, name: 'Become a teacher' })).toBeTruthy();
    expect(document.title).toBe('Become a teacher | Urok');
    for (const label of [
      'Full name',
      'Telephone',
      'Email',
      'Subject',
      'Experience',
      'Motivation',
    ]) {
      expect(field(label).value).toBe('');
    }
  });

  it('checks with checkTeacherApplication before sending, in form order, errors beside fields', async () => {
    const { user, calls } = await setup({
      status: 201,
      body: { application, message: messages.applicationReceived },
    });
    await user.click(submit());
    expect(screen.getByText(messages.fullNameRequired).id).toBe('application-fullName-error');
    expect(document.activeElement).toBe(field('Full name'));

    await user.type(field('Full name'), 'Оксана Петренко');
    await user.type(field('Telephone'), '0501112233');
    await user.click(submit());
    expect(screen.getByText(messages.telephoneInvalid).id).toBe('application-telephone-error');
    expect(screen.queryByText(messages.fullNameRequired)).toBeNull();

    await user.clear(field('Telephone'));
    await user.type(field('Telephone'), '+380501112233');
    await user.type(field('Email'), 'oksana@example.com');
    await user.type(field('Subject'), 'Математика');
    await user.type(field('Motivation'), 'Коротко');
    await user.click(submit());
    expect(screen.getByText(messages.motivationRequired).id).toBe('application-motivation-error');
    expect(calls).toHaveLength(0);
  });

  it('refuses a terminal escape in a field beside it, as the server does, and sends nothing', async () => {
    const { user, calls } = await setup({
      status: 201,
      body: { application, message: messages.applicationReceived },
    });
    await fillValid(user);
    await user.clear(field('Full name'));
    await user.click(field('Full name'));
    await user.paste('Оксана\u001b]0;pwned\u0007');
    await user.click(submit());
    expect(screen.getByText(messages.textControlCharacters).id).toBe('application-fullName-error');
    expect(calls).toHaveLength(0);
  });

  it("sends the application and shows what happens next (the server's message)", async () => {
    const { user, calls, store } = await setup({
      status: 201,
      body: { application, message: messages.applicationReceived },
    });
    await fillValid(user);
    await user.type(field('Experience'), '  8 років у школі ');
    await user.click(submit());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'applications/teachers',
      body: {
        fullName: 'Оксана Петренко',
        telephone: '+380501112233',
        email: 'oksana@example.com',
        subject: 'Математика',
        experience: '8 років у школі',
        motivation: 'Хочу ділитися знаннями.',
      },
    });
    const heading = await screen.findByRole('heading', { name: 'Заявку надіслано' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toContain(messages.applicationReceived);
    expect(screen.getByRole('link', { name: 'На головну' }).getAttribute('href')).toBe('/start');
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    expect(store.getState().auth.status).toBe('loaded');
  });

  it("a failure shows the server's message, beside its field when the server names one", async () => {
    const { user } = await setup({
      status: 400,
      body: {
        message: messages.emailInvalid,
        code: 'BAD_REQUEST',
        fields: { email: messages.emailInvalid },
      },
    });
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByText(messages.emailInvalid)).id).toBe('application-email-error');
  });

  it('a failure without fields shows the message above the button', async () => {
    const { user } = await setup({
      status: 429,
      body: { message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
    });
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(messages.tooManyRequests);
  });

  it("a failure with no server message shows 'Не вдалося надіслати заявку.'", async () => {
    const { user } = await setup({ status: 500, body: '<html>Bad gateway</html>' });
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Не вдалося надіслати заявку.');
  });

  it('a signed-in student gets the form pre-filled from the account, and a way back to their courses', async () => {
    const { user, calls } = await setup(
      { status: 201, body: { application, message: messages.applicationReceived } },
      { fullName: 'olena', telephone: '+380671234567', email: 'olena@example.com' },
    );
    expect(screen.getByText('Контакти заповнено з вашого профілю — перевірте їх.')).toBeTruthy();
    expect(field('Full name').value).toBe('olena');
    expect(field('Telephone').value).toBe('+380671234567');
    expect(field('Email').value).toBe('olena@example.com');
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Олена Коваль');
    await user.type(field('Subject'), 'Історія');
    await user.type(field('Motivation'), 'Люблю пояснювати історію.');
    await user.click(submit());
    expect(calls[0]?.body).toMatchObject({
      fullName: 'Олена Коваль',
      telephone: '+380671234567',
      email: 'olena@example.com',
    });
    expect((await screen.findByRole('link', { name: 'До моїх курсів' })).getAttribute('href')).toBe(
      '/my-courselist',
    );
  });
});
