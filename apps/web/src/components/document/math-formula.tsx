/**
 * A formula drawn by KaTeX. This module is the only one that imports KaTeX
 * and its stylesheet, and only math.tsx imports it, lazily: a page whose
 * document has no formula never loads either.
 *
 * KaTeX builds DOM nodes itself (katex.render), so nothing is parsed as
 * HTML and its inline sizes are set through the CSSOM, which the CSP's
 * `style-src 'self'` allows. `trust: false` refuses \href, \url, \htmlClass
 * and the like; a LaTeX error is shown in place, never thrown.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useLayoutEffect, useRef } from 'react';
import { messages } from '@urok/contract';

const KATEX_OPTIONS = {
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  // Bounds what one formula may cost the page: a macro loop ends in an error, not a hang.
  maxExpand: 1000,
  maxSize: 50,
  output: 'htmlAndMathml',
} as const;

/**
 * Runs `draw` with every `setAttribute('style', …)` turned into a CSSOM
 * write. KaTeX sizes a few SVG parts (square roots, tall delimiters, wide
 * accents) with a `style` attribute, which the CSP (`style-src 'self'`, no
 * inline styles) refuses; the same declarations written through
 * `element.style` are allowed, so the formula keeps its shape and the CSP
 * stays as strict as it is. Synchronous, and undone before it returns.
 */
function withStylesThroughCssom<T>(draw: () => T): T {
  const original = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function setAttribute(this: Element, name, value) {
    if (
      name.toLowerCase() === 'style' &&
      (this instanceof HTMLElement || this instanceof SVGElement)
    )
      this.style.cssText = value;
    else original.call(this, name, value);
  };
  try {
    return draw();
  } finally {
    Element.prototype.setAttribute = original;
  }
}

const ERROR_CLASS = 'rounded bg-red-50 px-1 font-mono text-[0.9em] text-red-800';

/**
 * Draws `latex` into `element` (its children are KaTeX's, never React's). A
 * LaTeX error leaves the source and KaTeX's reason in its place instead;
 * returns that reason, or null when the formula was drawn.
 */
export function renderMath(element: HTMLElement, latex: string, display: boolean): string | null {
  try {
    withStylesThroughCssom(() =>
      katex.render(latex, element, { ...KATEX_OPTIONS, displayMode: display }),
    );
    element.removeAttribute('role');
    element.className = '';
    return null;
  } catch (error) {
    const reason = (error instanceof katex.ParseError ? error.rawMessage : String(error)).replace(
      /^KaTeX parse error: /,
      '',
    );
    element.textContent = `${latex} (${messages.mathError(reason)})`;
    element.setAttribute('role', 'note');
    element.className = ERROR_CLASS;
    return reason;
  }
}

/** One formula; `display` draws it on a line of its own. */
export default function MathFormula({ latex, display }: { latex: string; display: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) renderMath(ref.current, latex, display);
  }, [latex, display]);
  return <span ref={ref} data-math={display ? 'block' : 'inline'} />;
}
