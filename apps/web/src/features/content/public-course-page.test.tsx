import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { API, LEARNING_API, messages, type Course } from '@urok/contract';
import { createTestServices } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { takeReturnPath } from '../../lib/next';
import { PublicCoursePage } from './public-course-page';

const course: Course = {
  _id: 'c1',
  title: 'Хімія для НМТ',
  description: 'Усе, що треба знати.',
  category: 'Хімія',
  homeworkTask: '',
  homeworkDueAt: null,
  coverUrl: '/api/files/covers/c1.webp',
  author: { _id: 't1', username: 'Ірина Коваль' },
  enrolledCount: 3,
  visibility: 'public',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const item = (id: string, kind: 'lesson' | 'assignment' | 'quiz') => ({
  kind,
  _id: id,
  title: `Пункт ${id}`,
  published: true,
  dueAt: null,
  completed: false,
});

async function openPage(lessons: number) {
  const items = Array.from({ length: lessons }, (_, i) => item(`l${i}`, 'lesson'));
  const api = createTestServices({
    [`GET ${API.course('c1')}`]: { status: 200, body: { course } },
    [`GET ${LEARNING_API.outline('c1')}`]: {
      status: 200,
      body: {
        sections: [
          {
            _id: 's1',
            title: 'Вступ',
            position: 0,
            items: [...items.slice(0, 1), item('a1', 'assignment')],
          },
          { _id: 's2', title: 'Далі', position: 1, items: [...items.slice(1), item('q1', 'quiz')] },
        ],
      },
    },
  });
  await renderWithStore(
    <Routes>
      <Route path="/mycourse-details/:id" element={<PublicCoursePage />} />
      <Route path="/login" element={<p>Сторінка входу</p>} />
    </Routes>,
    { services: api.services, path: '/mycourse-details/c1' },
  );
  return api;
}

describe('a course’s public page', () => {
  afterEach(() => window.sessionStorage.clear());

  it('shows the cover, the teacher and the number of lessons (only lessons counted)', async () => {
    await openPage(21);
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe(course.coverUrl);
    const facts = screen.getByText(`${messages.publicCourseTeacher}:`).closest('dl')!;
    expect(within(facts).getByText('Ірина Коваль')).toBeTruthy();
    expect(await within(facts).findByText('21 урок')).toBeTruthy();
  });

  it('says 2 уроки', async () => {
    await openPage(2);
    expect(await screen.findByText('2 уроки')).toBeTruthy();
  });

  it('sends the visitor to sign in with the course as `next`, and keeps it for after', async () => {
    await openPage(5);
    expect(await screen.findByText('5 уроків')).toBeTruthy();
    const link = screen.getByRole('link', { name: messages.syllabusSignIn });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fmycourse-details%2Fc1');
    await userEvent.setup().click(link);
    expect(await screen.findByText('Сторінка входу')).toBeTruthy();
    expect(takeReturnPath()).toBe('/mycourse-details/c1');
  });
});
