import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LEARNING_API, gradesMessages } from '@urok/contract';
import { createTestServices, makeUser } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { CommentThread } from './comment-thread';

const signedIn = {
  auth: {
    data: { token: 't1', user: makeUser() },
    status: 'loaded' as const,
    isAuthenticated: true,
    errorMessage: null,
  },
};

function services() {
  return createTestServices({
    [`GET ${LEARNING_API.homeworkComments('h1')}`]: {
      status: 200,
      body: {
        comments: [
          {
            _id: 'c1',
            homeworkId: 'h1',
            author: { _id: 't1', username: 'Вчителька' },
            body: 'Перегляньте другу задачу.',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    },
  });
}

describe('a submission’s comment thread', () => {
  it('starts open, with its comments, when the link names it (a comment’s notification)', async () => {
    const api = services();
    await renderWithStore(<CommentThread homeworkId="h1" />, {
      services: api.services,
      path: '/mycourse-details/c/assignments/a#comments-h1',
      preloadedState: signedIn,
    });
    expect(await screen.findByText('Перегляньте другу задачу.')).toBeTruthy();
    const details = document.getElementById('comments-h1') as HTMLDetailsElement;
    expect(details.open).toBe(true);
  });

  it('stays closed, asking for nothing, otherwise', async () => {
    const api = services();
    await renderWithStore(<CommentThread homeworkId="h1" />, {
      services: api.services,
      path: '/mycourse-details/c/assignments/a#comments-h2',
      preloadedState: signedIn,
    });
    expect(screen.getByText(gradesMessages.commentsHeading)).toBeTruthy();
    expect((document.getElementById('comments-h1') as HTMLDetailsElement).open).toBe(false);
    expect(api.calls).toEqual([]);
  });
});
