import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { messages, type LessonDocument } from '@urok/contract';
import { LessonDocumentView } from './lesson-document';

const urls: Record<string, string> = { a1: '/api/attachments/a1/file?u=s1&exp=1&sig=x' };
const imageUrl = (id: string) => urls[id];

function draw(doc: unknown) {
  return render(<LessonDocumentView doc={doc as LessonDocument} imageUrl={imageUrl} />);
}

describe('LessonDocumentView', () => {
  it('draws every node and mark of the schema with its own element', () => {
    const { container } = draw({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Змінні' }] },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Типи' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'жирний', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'курсив', marks: [{ type: 'italic' }, { type: 'underline' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'x = 1', marks: [{ type: 'code' }] },
            { type: 'text', text: 'старе', marks: [{ type: 'strike' }] },
            {
              type: 'text',
              text: 'Документація',
              marks: [{ type: 'link', attrs: { href: 'https://docs.python.org/uk/' } }],
            },
          ],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'пункт' }] }],
            },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 3, type: null },
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'крок' }] }],
            },
          ],
        },
        {
          type: 'blockquote',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'цитата' }] }],
        },
        {
          type: 'codeBlock',
          attrs: { language: 'python' },
          content: [{ type: 'text', text: 'print(1)' }],
        },
        { type: 'horizontalRule' },
        { type: 'image', attrs: { src: 'attachment:a1', alt: 'Схема' } },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Змінні' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Типи' })).toBeTruthy();
    expect(screen.getByText('жирний').closest('strong')).not.toBeNull();
    expect(screen.getByText('курсив').closest('em')).not.toBeNull();
    expect(screen.getByText('курсив').closest('u')).not.toBeNull();
    expect(screen.getByText('x = 1').closest('code')).not.toBeNull();
    expect(screen.getByText('старе').closest('s')).not.toBeNull();
    const link = screen.getByRole('link', { name: 'Документація' });
    expect(link.getAttribute('href')).toBe('https://docs.python.org/uk/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByText('пункт').closest('ul')).not.toBeNull();
    expect(screen.getByText('крок').closest('ol')?.getAttribute('start')).toBe('3');
    expect(screen.getByText('цитата').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('print(1)').closest('pre')).not.toBeNull();
    expect(container.querySelector('hr')).not.toBeNull();
    expect(container.querySelector('br')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Схема' }).getAttribute('src')).toBe(urls.a1);
  });

  it('never draws a javascript: or data: href as a link, and keeps the text', () => {
    draw({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'натисни',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
            {
              type: 'text',
              text: 'дані',
              marks: [{ type: 'link', attrs: { href: 'data:text/html,<b>x</b>' } }],
            },
            {
              type: 'text',
              text: 'JaVaScRiPt',
              marks: [{ type: 'link', attrs: { href: ' JAVASCRIPT:alert(1)' } }],
            },
          ],
        },
      ],
    });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('натисни')).toBeTruthy();
    expect(screen.getByText('дані')).toBeTruthy();
  });

  it('draws nothing for unknown nodes and marks, and never HTML from the text', () => {
    const { container } = draw({
      type: 'doc',
      content: [
        { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'мигає', marks: [{ type: 'blink' }] }],
        },
      ],
    });
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('мигає')).toBeTruthy();
    expect(container.innerHTML).not.toContain('alert(1)</script>');
  });

  it('shows an image only from an attachment of the lesson', () => {
    const { container } = draw({
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'чуже' } },
        { type: 'image', attrs: { src: 'attachment:gone', alt: null } },
      ],
    });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('чуже')).toBeTruthy();
    expect(screen.getByText(messages.lessonImageMissing)).toBeTruthy();
  });
});
