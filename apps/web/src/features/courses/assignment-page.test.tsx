import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API, LEARNING_API, ROUTES, gradesMessages } from '@urok/contract';
import type { Outline } from '@urok/contract/schemas';
import { createTestServices } from '../../test/fake-api';
import { AssignmentPage } from './assignment-page';
import {
  makeAssignment,
  makeCourse,
  makeHomework,
  makeUserWithHomework,
  renderCoursePage,
  teacher,
} from './testing';

const course = makeCourse({ _id: 'c1', author: { _id: teacher._id, username: teacher.username } });
const assignment = makeAssignment();
const outline: Outline = {
  sections: [
    {
      _id: 's1',
      title: 'Вступ',
      position: 0,
      items: [
        {
          kind: 'assignment',
          _id: 'a1',
          title: 'Есе',
          published: true,
          dueAt: null,
          maxPoints: 12,
          completed: false,
        },
      ],
    },
  ],
};

describe("the author's assignment page", () => {
  it('shows the submissions and the form together, once both have come', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { services } = createTestServices({
      [`GET ${LEARNING_API.assignment('a1')}`]: { status: 200, body: { assignment } },
      [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [course] } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      [`GET ${API.usersWithHomework('c1')}`]: async () => {
        await held;
        return {
          status: 200,
          body: { users: [makeUserWithHomework({ homework: [makeHomework()] })] },
        };
      },
    });
    window.localStorage.setItem('token', 'tok');
    await services.session.resume('tok');
    await renderCoursePage(<AssignmentPage viewer="teacher" />, {
      services,
      user: teacher,
      route: ROUTES.assignment(':id', ':assignmentId'),
      path: ROUTES.assignment('c1', 'a1'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Есе' })).toBeTruthy();
    // The form's data is in; it waits for the list that goes above it.
    expect(screen.queryByRole('region', { name: gradesMessages.editAssignmentHeading })).toBeNull();
    answer();
    expect(
      await screen.findByRole('region', { name: gradesMessages.submissionsOfAssignment }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: gradesMessages.editAssignmentHeading })).toBeTruthy();
  });
});
