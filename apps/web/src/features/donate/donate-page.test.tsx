import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, messages, siteMessages } from '@urok/contract';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { DonatePage } from './donate-page';

const pledgeReply = (body: unknown): FakeReply => {
  const { name, amount, message } = body as { name: string; amount: number; message: string };
  return {
    status: 201,
    body: {
      pledge: { _id: 'p1', name, amount, message, createdAt: '2025-01-01T00:00:00.000Z' },
      message: siteMessages.pledgeReceived,
    },
  };
};

async function setup(reply: FakeReply | ((body: unknown) => FakeReply) = pledgeReply) {
  const api = createTestServices({
    [`POST ${API.pledges}`]: (call) => (typeof reply === 'function' ? reply(call.body) : reply),
  });
  const view = await renderWithStore(<DonatePage />, { services: api.services, path: '/donate' });
  return { ...api, ...view, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('/donate', () => {
  it('explains how to support the platform and offers the pledge form', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Donate' })).toBeTruthy();
    expect(document.title).toBe('Donate | Urok');
    expect(screen.getByRole('heading', { name: 'Як підтримати платформу' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подати заявку' }).getAttribute('href')).toBe(
      '/future-teacher',
    );
    expect(screen.getByRole('heading', { name: 'Обіцянка внеску' })).toBeTruthy();
    for (const label of ['Name', 'Amount (UAH)', 'Message']) expect(field(label)).toBeTruthy();
  });

  it('checks before sending: each error shows beside its field and nothing is sent', async () => {
    const { user, calls } = await setup();
    await user.click(screen.getByRole('button', { name: 'Pledge support' }));
    expect(screen.getByText(siteMessages.pledgeNameInvalid).id).toBe('pledge-name-error');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));

    await user.type(field('Name'), 'Марія');
    for (const amount of ['5', '100001', '12.5', 'сто']) {
      await user.clear(field('Amount (UAH)'));
      await user.type(field('Amount (UAH)'), amount);
      await user.click(screen.getByRole('button', { name: 'Pledge support' }));
      expect(screen.getByText(siteMessages.pledgeAmountInvalid).id).toBe('pledge-amount-error');
    }
    expect(calls).toHaveLength(0);
  });

  it('sends {name, amount, message} and shows the thank-you state; another pledge starts empty', async () => {
    const { user, calls } = await setup();
    await user.type(field('Name'), '  Марія Коваль ');
    await user.type(field('Amount (UAH)'), '1 500');
    await user.type(field('Message'), 'На курси з фізики');
    await user.click(screen.getByRole('button', { name: 'Pledge support' }));

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'pledges',
      body: { name: 'Марія Коваль', amount: 1500, message: 'На курси з фізики' },
    });
    const thanks = await screen.findByRole('heading', { name: 'Дякуємо за підтримку!' });
    await vi.waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByRole('status').textContent).toBe(siteMessages.pledgeReceived);
    expect(screen.getByText(/Марія Коваль, 1\s500 грн/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make another pledge' }));
    expect(field('Name').value).toBe('');
    expect(field('Amount (UAH)').value).toBe('');
  });

  it("shows the server's field message beside the field", async () => {
    const { user } = await setup({
      status: 400,
      body: {
        message: siteMessages.pledgeAmountInvalid,
        code: 'BAD_REQUEST',
        fields: { amount: siteMessages.pledgeAmountInvalid },
      },
    });
    await user.type(field('Name'), 'Марія');
    await user.type(field('Amount (UAH)'), '100');
    await user.click(screen.getByRole('button', { name: 'Pledge support' }));
    expect((await screen.findByText(siteMessages.pledgeAmountInvalid)).id).toBe(
      'pledge-amount-error',
    );
  });

  it("shows the server's message when throttled, and says so when the network fails", async () => {
    const throttled = await setup({
      status: 429,
      body: { message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
    });
    await throttled.user.type(field('Name'), 'Марія');
    await throttled.user.type(field('Amount (UAH)'), '100');
    await throttled.user.click(screen.getByRole('button', { name: 'Pledge support' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.tooManyRequests);
    throttled.unmount();

    const api = createTestServices({});
    await renderWithStore(<DonatePage />, { services: api.services, path: '/donate' });
    const user = userEvent.setup();
    await user.type(field('Name'), 'Марія');
    await user.type(field('Amount (UAH)'), '100');
    await user.click(screen.getByRole('button', { name: 'Pledge support' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.networkLost);
  });
});
