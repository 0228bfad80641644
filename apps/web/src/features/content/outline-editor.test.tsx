import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEARNING_API, EMPTY_DOCUMENT, messages } from '@urok/contract';
import type { Outline } from '@urok/contract/schemas';
import { createTestServices, type RecordedCall } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { dropItem, moveItem, moveSection, OutlineEditor } from './outline-editor';

const item = (id: string, published = false) => ({
  kind: 'lesson' as const,
  _id: id,
  title: `Урок ${id}`,
  published,
  dueAt: null,
  completed: false,
});
const start: Outline = {
  sections: [
    { _id: 's1', title: 'Перший', position: 0, items: [item('a'), item('b')] },
    { _id: 's2', title: 'Другий', position: 1, items: [item('c', true)] },
  ],
} as Outline;
const ids = (outline: Outline) =>
  outline.sections.map((s) => `${s._id}:${s.items.map((i) => i._id).join('')}`);

describe('outline moves', () => {
  it('moves items within and across sections, and sections', () => {
    expect(ids(moveItem(start, 0, 0, 1))).toEqual(['s1:ba', 's2:c']);
    expect(ids(moveItem(start, 0, 1, 1))).toEqual(['s1:a', 's2:bc']);
    expect(ids(moveItem(start, 1, 0, -1))).toEqual(['s1:abc', 's2:']);
    expect(ids(moveItem(start, 0, 0, -1))).toEqual(['s1:ab', 's2:c']);
    expect(ids(moveSection(start, 1, -1))).toEqual(['s2:c', 's1:ab']);
    expect(ids(dropItem(start, 'c', 's1', 'b'))).toEqual(['s1:acb', 's2:']);
    expect(ids(dropItem(start, 'a', 's2', null))).toEqual(['s1:b', 's2:ca']);
  });
});

describe('the outline editor', () => {
  async function setup() {
    let outline = start;
    const api = createTestServices({
      [`GET ${LEARNING_API.outline('c1')}`]: () => ({ status: 200, body: outline }),
      [`PUT ${LEARNING_API.outline('c1')}`]: (call: RecordedCall) => {
        const body = call.body as { sections: { _id: string; items: { _id: string }[] }[] };
        const all = start.sections.flatMap((s) => s.items);
        outline = {
          sections: body.sections.map((s, position) => ({
            ...start.sections.find((x) => x._id === s._id)!,
            position,
            items: s.items.map((i) => all.find((x) => x._id === i._id)!),
          })),
        } as Outline;
        return { status: 200, body: outline };
      },
      [`POST ${LEARNING_API.sections('c1')}`]: { status: 201, body: {} },
      [`POST ${LEARNING_API.lessons('c1')}`]: { status: 201, body: {} },
      [`PUT ${LEARNING_API.lesson('a')}`]: { status: 200, body: {} },
      [`DELETE ${LEARNING_API.section('s2')}`]: {
        status: 409,
        body: { message: messages.sectionNotEmpty },
      },
      [`PUT ${LEARNING_API.section('s1')}`]: { status: 200, body: {} },
      ...Object.fromEntries(
        ['a', 'b', 'c'].map((id) => [
          `DELETE ${LEARNING_API.lesson(id)}`,
          () => {
            outline = {
              sections: outline.sections.map((section) => ({
                ...section,
                items: section.items.filter((x) => x._id !== id),
              })),
            } as Outline;
            return { status: 204 };
          },
        ]),
      ),
    });
    await renderWithStore(<OutlineEditor courseId="c1" />, { services: api.services });
    return api;
  }

  it('reorders with the keyboard-reachable buttons and sends the whole outline', async () => {
    const { calls } = await setup();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: messages.editorMoveDown('Урок b') }),
    );
    const put = calls.find(
      (call) => call.method === 'PUT' && call.url === LEARNING_API.outline('c1'),
    );
    expect(put?.body).toEqual({
      sections: [
        { _id: 's1', items: [{ kind: 'lesson', _id: 'a' }] },
        {
          _id: 's2',
          items: [
            { kind: 'lesson', _id: 'b' },
            { kind: 'lesson', _id: 'c' },
          ],
        },
      ],
    });
    const sections = screen.getAllByTestId('outline-section');
    expect(
      within(sections[1]!)
        .getAllByTestId('outline-item')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Урок b'), expect.stringContaining('Урок c')]);
    expect(screen.getByRole('status').textContent).toBe(messages.editorSaved);
  });

  it('adds a section and a lesson, publishes, and shows a refusal', async () => {
    const { calls } = await setup();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(messages.editorNewSectionTitle), 'Третій');
    await user.click(screen.getByRole('button', { name: messages.editorAddSection }));
    expect(
      calls.find((call) => call.method === 'POST' && call.url === LEARNING_API.sections('c1'))
        ?.body,
    ).toEqual({
      title: 'Третій',
    });
    await user.type(screen.getByLabelText(messages.editorNewLessonTitle('Перший')), 'Новий');
    await user.click(screen.getAllByRole('button', { name: messages.editorAddLesson })[0]!);
    expect(
      calls.find((call) => call.method === 'POST' && call.url === LEARNING_API.lessons('c1'))?.body,
    ).toEqual({
      sectionId: 's1',
      title: 'Новий',
      body: EMPTY_DOCUMENT,
    });
    await user.click(screen.getByRole('checkbox', { name: messages.editorPublish('Урок a') }));
    expect(
      calls.find((call) => call.method === 'PUT' && call.url === LEARNING_API.lesson('a'))?.body,
    ).toEqual({
      published: true,
    });
    await user.click(screen.getByRole('button', { name: messages.editorDeleteSection('Другий') }));
    expect(screen.getByRole('status').textContent).toBe(messages.sectionNotEmpty);
  });

  it('deletes a lesson only after a confirmation', async () => {
    const { calls } = await setup();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: messages.editorDeleteLesson('Урок b') }),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: messages.editorCancel }));
    expect(screen.queryByText(messages.editorDeleteLessonConfirm('Урок b'))).toBeNull();
    await user.click(screen.getByRole('button', { name: messages.editorDeleteLesson('Урок b') }));
    expect(screen.getByText(messages.editorDeleteLessonConfirm('Урок b'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: messages.editorDeleteConfirm }));
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === LEARNING_API.lesson('b')),
    ).toBe(true);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByText('Урок b')).toBeNull();
  });

  it("'Перейменувати' puts the focus in the field; Esc cancels, keeps the old name and returns the focus", async () => {
    const { calls } = await setup();
    const user = userEvent.setup();
    const rename = (await screen.findAllByRole('button', { name: messages.editorRename }))[0]!;
    await user.click(rename);
    const field = screen.getByLabelText(messages.editorSectionTitle);
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Control>}a{/Control}Інша назва');
    expect((field as HTMLInputElement).value).toBe('Інша назва');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(messages.editorSectionTitle)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Перший' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT' && call.url.includes('sections'))).toBe(
      false,
    );
    expect(document.activeElement).toBe(
      screen.getAllByRole('button', { name: messages.editorRename })[0],
    );
  });

  it('after a delete the focus goes to the next item, else the previous, else the heading', async () => {
    await setup();
    const user = userEvent.setup();
    const remove = async (title: string) => {
      await user.click(
        await screen.findByRole('button', { name: messages.editorDeleteLesson(title) }),
      );
      // The confirmation takes the focus; Enter confirms it.
      expect(document.activeElement?.textContent).toBe(messages.editorDeleteConfirm);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByText(title)).toBeNull());
    };
    await remove('Урок a');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Урок b' })),
    );
    await remove('Урок b');
    // The last one of its section: its heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Перший' })),
    );
    await remove('Урок c');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Другий' })),
    );
  });

  it('after deleting the last item of a section the focus goes to the one before it', async () => {
    await setup();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: messages.editorDeleteLesson('Урок b') }),
    );
    await user.click(screen.getByRole('button', { name: messages.editorDeleteConfirm }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Урок a' })),
    );
  });
});
