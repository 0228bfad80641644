import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, LEARNING_API, ROUTES, gradingMessages, messages } from '@urok/contract';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { GradeSubmissionsPage } from './grade-submissions-page';
import {
  makeAssignment,
  makeHomework,
  makeUserWithHomework,
  renderCoursePage,
  teacher,
} from './testing';

const assignment = makeAssignment({ title: 'Твір про осінь' });

const pdf = makeHomework({
  _id: 'h-pdf',
  userId: 'u1',
  fileName: 'Твір.pdf',
  mimeType: 'application/pdf',
});
const text = makeHomework({
  _id: 'h-text',
  userId: 'u2',
  fileName: 'Чернетка.txt',
  mimeType: 'text/plain',
  grade: '11',
  points: 11,
  feedback: 'Добре',
  gradedAt: '2025-05-03T10:00:00.000Z',
});
const image = makeHomework({
  _id: 'h-image',
  userId: 'u3',
  fileName: 'Скан.png',
  mimeType: 'image/png',
});
const otherAssignment = makeHomework({ _id: 'h-other', userId: 'u1', assignmentId: 'a2' });

// Listed out of order: the page sorts by name.
const users = [
  makeUserWithHomework({ _id: 'u3', username: 'Віра Олійник', homework: [image] }),
  makeUserWithHomework({ _id: 'u1', username: 'Андрій Мельник', homework: [pdf, otherAssignment] }),
  makeUserWithHomework({ _id: 'u2', username: 'Богдана Ткач', homework: [text] }),
];

const link = (id: string) => `/api/homework/${id}/file?u=t1&exp=9999999999&sig=abc`;

function routes(): Record<string, FakeReply | FakeHandler> {
  const graded = (id: string, body: { grade: string; feedback: string }) => {
    const entry = [pdf, text, image].find((h) => h._id === id)!;
    return {
      status: 200,
      body: {
        homework: {
          ...entry,
          grade: body.grade,
          points: Number(body.grade.replace(',', '.')),
          feedback: body.feedback,
          gradedAt: '2025-06-01T10:00:00.000Z',
        },
      },
    };
  };
  return {
    [`GET ${LEARNING_API.assignment('a1')}`]: { status: 200, body: { assignment } },
    [`GET ${API.usersWithHomework('c1')}`]: { status: 200, body: { users } },
    [`GET ${LEARNING_API.homeworkFileLink('h-pdf')}`]: {
      status: 200,
      body: { url: link('h-pdf') },
    },
    [`GET ${LEARNING_API.homeworkFileLink('h-image')}`]: {
      status: 200,
      body: { url: link('h-image') },
    },
    [`GET ${API.homeworkFile('h-text')}`]: { status: 200, body: 'Осінь прийшла.\nЛистя жовте.' },
    [`PUT ${API.gradeHomework('h-pdf')}`]: (call) =>
      graded('h-pdf', call.body as { grade: string; feedback: string }),
    [`PUT ${API.gradeHomework('h-image')}`]: (call) =>
      graded('h-image', call.body as { grade: string; feedback: string }),
    [`POST ${LEARNING_API.regradeHomework('h-text')}`]: (call) =>
      graded('h-text', call.body as { grade: string; feedback: string }),
  };
}

async function setup(search = '') {
  const api = createTestServices(routes());
  await api.services.session.resume('tok');
  const view = await renderCoursePage(<GradeSubmissionsPage />, {
    services: api.services,
    user: teacher,
    route: `${ROUTES.assignment(':id', ':assignmentId')}/grade`,
    path: `${ROUTES.assignment('c1', 'a1')}/grade${search}`,
  });
  return { ...api, ...view, user: userEvent.setup() };
}

const position = (text: string) => screen.findByText(text);
const workHeading = () => screen.getByRole('heading', { level: 2, name: /Мельник|Ткач|Олійник/ });

describe('the grading page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('opens at the first ungraded work, the PDF framed through its signed link, the grade out of the maximum', async () => {
    await setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Оцінювання: Твір про осінь' }),
    ).toBeTruthy();
    expect(await position('1 з 3')).toBeTruthy();
    expect(workHeading().textContent).toBe('Андрій Мельник');
    const frame = await screen.findByTitle('Перегляд: Твір.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${link('h-pdf')}&inline=1`);
    expect(screen.getByText('/ 12')).toBeTruthy();
    // The student list names each with the grade state, by name.
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Андрій Мельник — не оцінено',
      'Богдана Ткач — 11 / 12',
      'Віра Олійник — не оцінено',
    ]);
  });

  it("grades, then 'Наступна неоцінена' skips the graded work, and says when none is left", async () => {
    const { user, calls } = await setup();
    const grade = await screen.findByLabelText(gradingMessages.labelGrade);
    await user.type(grade, '13');
    await user.click(screen.getByRole('button', { name: gradingMessages.saveGrade }));
    expect(await screen.findByText(messages.gradePointsInvalid(12))).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(grade);
    await user.type(grade, '10,5');
    await user.type(screen.getByLabelText(/Відгук|Коментар до оцінки|відгук/i), 'Гарно');
    await user.click(screen.getByRole('button', { name: gradingMessages.saveGrade }));
    expect(await screen.findByText(gradingMessages.saved)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(API.gradeHomework('h-pdf'));
    expect(put.body).toEqual({ grade: '10,5', feedback: 'Гарно' });
    // The saved grade reads out of the maximum in the list.
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('Андрій Мельник — 10,5 / 12');
    // The focus waits on 'Наступна неоцінена'.
    const next = screen.getByRole('button', { name: gradingMessages.nextUngraded });
    await waitFor(() => expect(document.activeElement).toBe(next));

    await user.click(next);
    expect(await position('3 з 3')).toBeTruthy();
    expect(workHeading().textContent).toBe('Віра Олійник');
    const image = await screen.findByRole('img', { name: 'Перегляд: Скан.png' });
    expect(image.getAttribute('src')).toBe(`${link('h-image')}&inline=1`);

    await user.type(screen.getByLabelText(gradingMessages.labelGrade), '12');
    await user.click(screen.getByRole('button', { name: gradingMessages.saveGrade }));
    await screen.findByText(gradingMessages.saved);
    await user.click(screen.getByRole('button', { name: gradingMessages.nextUngraded }));
    expect(await screen.findByText(gradingMessages.noneUngraded)).toBeTruthy();
    expect(workHeading().textContent).toBe('Віра Олійник');
  });

  it('opens the student a link names; text shows as text; a regrade fills the grade in and needs the reason', async () => {
    const { user, calls } = await setup('?student=u2');
    expect(await position('2 з 3')).toBeTruthy();
    expect(await screen.findByText(/Осінь прийшла\.\s+Листя жовте\./)).toBeTruthy();
    const grade = screen.getByLabelText(gradingMessages.labelGrade) as HTMLInputElement;
    expect(grade.value).toBe('11');
    expect(screen.getByText(gradingMessages.regradeNote)).toBeTruthy();

    await user.clear(grade);
    await user.type(grade, '9');
    await user.click(screen.getByRole('button', { name: gradingMessages.saveRegrade }));
    expect(await screen.findByText(messages.regradeReasonInvalid)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Причина зміни оцінки'), 'Перевірила ще раз');
    await user.click(screen.getByRole('button', { name: gradingMessages.saveRegrade }));
    await screen.findByText(gradingMessages.saved);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(LEARNING_API.regradeHomework('h-text'));
    expect(post.body).toEqual({ grade: '9', feedback: 'Добре', reason: 'Перевірила ще раз' });
  });

  it('J and K move, G focuses the grade; not while typing in a field', async () => {
    const { user } = await setup('?student=u1');
    await position('1 з 3');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('j');
    expect(await position('2 з 3')).toBeTruthy();
    await user.keyboard('j');
    expect(await position('3 з 3')).toBeTruthy();
    await user.keyboard('k');
    expect(await position('2 з 3')).toBeTruthy();
    await user.keyboard('g');
    const grade = screen.getByLabelText(gradingMessages.labelGrade);
    expect(document.activeElement).toBe(grade);
    // Typing 'j' into the grade is typing, not moving (and G typed nothing there).
    expect((grade as HTMLInputElement).value).toBe('11');
    await user.keyboard('j');
    expect(screen.getByText('2 з 3')).toBeTruthy();
    // From the last, J comes round to the first.
    await user.click(workHeading());
    await user.keyboard('jj');
    expect(await position('1 з 3')).toBeTruthy();
  });

  it("a student who has no work here is said so, and another's work is shown", async () => {
    await setup('?student=nobody');
    expect(await screen.findByText(gradingMessages.studentNotFound)).toBeTruthy();
    expect(await position('1 з 3')).toBeTruthy();
  });
});
