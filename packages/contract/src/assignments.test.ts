import { describe, expect, it } from 'vitest';
import { documentToText, parsePoints, textToDocument } from './assignments.ts';
import { documentSchema } from './schemas/content.ts';

describe('the course homework text as a document', () => {
  it.each(['', 'Один рядок', 'Перший\n\nТретій', 'a\r\nb\rc'])(
    'turns %j into a valid document of a paragraph per line, and back',
    (text) => {
      const doc = textToDocument(text);
      expect(documentSchema.safeParse(doc).success).toBe(true);
      expect(documentToText(doc)).toBe(text.replace(/\r\n?/g, '\n'));
    },
  );

  it('writes headings, lists and quotes line by line', () => {
    const p = (text: string) => ({
      type: 'paragraph' as const,
      content: [{ type: 'text' as const, text }],
    });
    expect(
      documentToText({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Завдання' }] },
          {
            type: 'orderedList',
            attrs: { start: 3 },
            content: [{ type: 'listItem', content: [p('три')] }],
          },
          { type: 'blockquote', content: [p('цитата')] },
          { type: 'horizontalRule' },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'h = ' },
              { type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } },
            ],
          },
          { type: 'blockMath', attrs: { latex: 'E = mc^2' } },
        ],
      }),
    ).toBe('Завдання\n3. три\nцитата\n---\nh = $\\frac{v^2}{2g}$\n$$E = mc^2$$');
  });
});

describe('parsePoints', () => {
  it.each([
    ['10', 12, 10],
    [' 9,5 ', 12, 9.5],
    ['9.25', 12, 9.25],
    ['0', 12, 0],
    ['100', 100, 100],
  ])('reads %j (max %d) as %d', (grade, max, points) => {
    expect(parsePoints(grade, max)).toBe(points);
  });
  it.each(['', 'A', '13', '-1', '9.555', '1e1', '0x5', '9,5,1', ' ', 'Infinity'])(
    'refuses %j',
    (grade) => {
      expect(parsePoints(grade, 12)).toBeNull();
    },
  );
});
