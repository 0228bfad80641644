import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { messages, type LessonDocument } from '@urok/contract';
import { LessonDocumentView } from './lesson-document';

function draw(doc: unknown) {
  return render(<LessonDocumentView doc={doc as LessonDocument} imageUrl={() => undefined} />);
}

const paragraphWith = (latex: string) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Висота: ' },
        { type: 'inlineMath', attrs: { latex } },
      ],
    },
  ],
});

describe('formulas in a document', () => {
  it('draws inline and block formulas with KaTeX, with MathML for screen readers', async () => {
    const { container } = draw({
      ...paragraphWith('h = \\frac{v^2}{2g}'),
      content: [
        ...paragraphWith('h = \\frac{v^2}{2g}').content,
        { type: 'blockMath', attrs: { latex: 'E = mc^2' } },
      ],
    });
    // Until the KaTeX chunk arrives, the source stands in.
    expect(screen.getByText('h = \\frac{v^2}{2g}')).toBeTruthy();
    await expect.poll(() => container.querySelectorAll('.katex').length).toBe(2);
    const inline = container.querySelector('[data-math="inline"]')!;
    expect(inline.querySelector('.katex-display')).toBeNull();
    expect(inline.querySelector('math annotation')?.textContent).toBe('h = \\frac{v^2}{2g}');
    expect(inline.querySelector('.mfrac')).not.toBeNull();
    const block = container.querySelector('[data-math="block"]')!;
    expect(block.querySelector('.katex-display')).not.toBeNull();
    expect(block.closest('[data-testid="block-math"]')?.getAttribute('tabindex')).toBe('0');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a LaTeX error in place, with the source, and draws the rest of the page', async () => {
    draw({
      type: 'doc',
      content: [
        ...paragraphWith('\\frac{v^2').content,
        { type: 'paragraph', content: [{ type: 'text', text: 'Далі текст.' }] },
      ],
    });
    const note = await screen.findByRole('note', undefined, { timeout: 5000 });
    expect(note.textContent).toContain('\\frac{v^2');
    expect(note.textContent).toContain(messages.mathError('').replace(/: $/, ''));
    expect(screen.getByText('Далі текст.')).toBeTruthy();
  });

  it('trusts no command that would make a link, a class or a style', async () => {
    const { container } = draw(
      paragraphWith('\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y} \\url{https://a.b}'),
    );
    await expect.poll(() => container.querySelectorAll('.katex').length).toBe(1);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('.evil')).toBeNull();
  });
});
