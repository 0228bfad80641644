import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLASS_API, classMessages, classPageMessages as t, type Course } from '@urok/contract';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { CourseAccessPanel } from './course-access-panel';
import { makeCourse } from './testing';

type Route = FakeReply | FakeHandler;

const code = (value: string) => ({
  status: 200,
  body: { code: value, url: `http://localhost:3000/join/${value}` },
});

async function setup(course: Course, routes: Record<string, Route> = {}) {
  const api = createTestServices({
    [`GET ${CLASS_API.joinCode(course._id)}`]: code('K7MPQ2XA'),
    ...routes,
  });
  const view = await renderWithStore(<CourseAccessPanel course={course} />, {
    services: api.services,
  });
  return { ...api, ...view, user: userEvent.setup() };
}

const panel = () => screen.getByRole('region', { name: t.accessHeading });

describe('the course access panel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a private course its code, the join link and the link as a QR code', async () => {
    await setup(makeCourse({ visibility: 'private' }));
    expect(await screen.findByText('K7MP-Q2XA')).toBeTruthy();
    const link = `${window.location.origin}/join/K7MPQ2XA`;
    expect(screen.getByText(link)).toBeTruthy();
    // The QR code is drawn once its chunk is in: an SVG path of dark modules.
    const qr = await screen.findByRole('img', { name: t.qrAlt(link) });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('copies the code and the full link', async () => {
    const { user } = await setup(makeCourse({ visibility: 'private' }));
    await screen.findByText('K7MP-Q2XA');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: t.copyCode }));
    expect(writeText).toHaveBeenLastCalledWith('K7MPQ2XA');
    expect(screen.getByRole('button', { name: t.copied })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.copyLink }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/join/K7MPQ2XA`);
  });

  it("'Новий код' asks first; confirmed, the new code replaces the old one", async () => {
    const { user, calls } = await setup(makeCourse({ visibility: 'private' }), {
      [`POST ${CLASS_API.joinCode('c1')}`]: { status: 201, body: code('ZZZZ2222').body },
    });
    await screen.findByText('K7MP-Q2XA');
    await user.click(screen.getByRole('button', { name: t.rotateCode }));
    expect(screen.getByText(t.rotateConfirm)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // Cancelled: nothing sent.
    await user.click(screen.getByRole('button', { name: t.rotateCancel }));
    expect(screen.queryByText(t.rotateConfirm)).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: t.rotateCode }));
    await user.click(screen.getByRole('button', { name: t.rotateConfirmAction }));
    expect(await screen.findByText('ZZZZ-2222')).toBeTruthy();
    expect(screen.queryByText('K7MP-Q2XA')).toBeNull();
    expect(screen.getByText(t.rotated)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("'Показати на весь екран' opens the code big in a dialog; Esc closes it and the focus returns", async () => {
    const { user } = await setup(makeCourse({ visibility: 'private', title: 'Алгебра 9-Б' }));
    await screen.findByText('K7MP-Q2XA');
    const open = screen.getByRole('button', { name: t.fullScreen });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Алгебра 9-Б' });
    expect(within(dialog).getByText('K7MP-Q2XA')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t.fullScreenClose })).toBe(
      document.activeElement,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('adds a student by telephone; an unknown number is explained beside the field', async () => {
    const added = makeCourse({ visibility: 'private', enrolledCount: 4 });
    const { user, calls } = await setup(makeCourse({ visibility: 'private' }), {
      [`POST ${CLASS_API.courseStudents('c1')}`]: (call) =>
        (call.body as { telephone: string }).telephone === '+380501112233'
          ? { status: 200, body: { course: added } }
          : {
              status: 404,
              body: {
                message: classMessages.studentNotFound,
                fields: { telephone: classMessages.studentNotFound },
              },
            },
    });
    const field = within(panel()).getByLabelText(t.addStudentLabel);
    // Checked before sending.
    await user.type(field, 'нема');
    await user.click(screen.getByRole('button', { name: t.addStudentAction }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === CLASS_API.courseStudents('c1'))).toBe(false);

    await user.clear(field);
    await user.type(field, '+380509999999');
    await user.click(screen.getByRole('button', { name: t.addStudentAction }));
    expect(await screen.findByText(classMessages.studentNotFound)).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toContain('error');
    expect(document.activeElement).toBe(field);

    await user.clear(field);
    await user.type(field, '+380501112233');
    await user.click(screen.getByRole('button', { name: t.addStudentAction }));
    expect(await screen.findByText(t.addStudentDone(4))).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('a public course: adding by telephone only, no code asked for', async () => {
    const { calls } = await setup(makeCourse({ visibility: 'public' }));
    expect(screen.getByText(t.accessIntroPublic)).toBeTruthy();
    expect(within(panel()).getByLabelText(t.addStudentLabel)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.fullScreen })).toBeNull();
    await waitFor(() =>
      expect(calls.some((call) => call.url === CLASS_API.joinCode('c1'))).toBe(false),
    );
  });

  it('a draft takes nobody: only the explanation', async () => {
    await setup(makeCourse({ visibility: 'draft' }));
    expect(screen.getByText(t.accessIntroDraft)).toBeTruthy();
    expect(screen.queryByLabelText(t.addStudentLabel)).toBeNull();
    expect(screen.queryByRole('button', { name: t.rotateCode })).toBeNull();
  });
});
