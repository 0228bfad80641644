import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classMessages, classPageMessages } from '@urok/contract';
import { createTestServices } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { makeCourse } from '../testing';
import { CourseForm } from './course-form';

describe('the course form: who sees the course', { timeout: 20_000 }, () => {
  it("starts at the course's visibility, sends the one chosen, and shows a refusal beside the choice", async () => {
    const onSubmit = vi.fn().mockResolvedValue({
      message: classMessages.draftHasStudents,
      status: 409,
      fields: { visibility: classMessages.draftHasStudents },
    });
    await renderWithStore(
      <CourseForm
        course={makeCourse({ visibility: 'private' })}
        submitLabel="Зберегти"
        onSubmit={onSubmit}
      />,
      { services: createTestServices().services },
    );
    const user = userEvent.setup();
    const privateChoice = screen.getByRole('radio', {
      name: new RegExp(classPageMessages.visibilityLabel.private),
    }) as HTMLInputElement;
    expect(privateChoice.checked).toBe(true);
    // Each choice is described by its one line.
    const draft = screen.getByRole('radio', { name: /Чернетка/ });
    expect(draft.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(draft.getAttribute('aria-describedby')!)?.textContent).toBe(
      classPageMessages.visibilityHint.draft,
    );

    await user.click(draft);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ visibility: 'draft' }));
    const group = screen.getByRole('group', { name: classPageMessages.visibilityLegend });
    expect(await screen.findByText(classMessages.draftHasStudents)).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(group));
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
  });
});
