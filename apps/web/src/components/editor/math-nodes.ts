/**
 * The document editors' formula nodes (the lesson editor, the question
 * form): `inlineMath` and `blockMath` of the contract's document schema.
 */
import { mergeAttributes, Node } from '@tiptap/core';

export const MATH_NODES = ['inlineMath', 'blockMath'] as const;
export type MathNodeName = (typeof MATH_NODES)[number];

/**
 * A formula: an atom holding its LaTeX in `latex` (the schema's one
 * attribute), drawn by KaTeX in the editor as on the page. KaTeX is fetched
 * with the first formula (math-formula.tsx), never with the editor itself;
 * until then the source stands in. Double-click, or Mod-Shift-M on a
 * selected formula, asks the page to edit it (`onEdit`).
 */
export function mathNode(name: MathNodeName, onEdit: () => void) {
  const inline = name === 'inlineMath';
  const tag = inline ? 'span' : 'div';
  return Node.create({
    name,
    group: inline ? 'inline' : 'block',
    inline,
    atom: true,
    selectable: true,
    addAttributes() {
      return {
        latex: {
          default: '',
          parseHTML: (element) => element.getAttribute('data-latex') ?? '',
          renderHTML: (attributes) => ({ 'data-latex': String(attributes.latex ?? '') }),
        },
      };
    },
    parseHTML() {
      return [{ tag: `${tag}[data-type="${name}"]` }];
    },
    renderHTML({ HTMLAttributes }) {
      return [tag, mergeAttributes(HTMLAttributes, { 'data-type': name })];
    },
    addKeyboardShortcuts(): Record<string, () => boolean> {
      if (!inline) return {};
      return {
        'Mod-Shift-m': () => {
          onEdit();
          return true;
        },
      };
    },
    addNodeView() {
      return ({ node, getPos, editor }) => {
        const dom = document.createElement(tag);
        dom.dataset.type = name;
        dom.className = inline
          ? 'cursor-pointer rounded px-0.5 hover:bg-indigo-50'
          : 'my-3 block cursor-pointer overflow-x-auto rounded py-1 hover:bg-indigo-50';
        const target = document.createElement('span');
        dom.append(target);
        let drawn: string | null = null;
        const draw = (latex: string) => {
          if (latex === drawn) return;
          drawn = latex;
          target.textContent = latex;
          void import('../document/math-formula').then(({ renderMath }) => {
            if (drawn === latex) renderMath(target, latex, !inline);
          });
        };
        draw(String(node.attrs.latex ?? ''));
        dom.addEventListener('dblclick', () => {
          const pos = getPos();
          if (typeof pos === 'number') editor.chain().setNodeSelection(pos).run();
          onEdit();
        });
        return {
          dom,
          update: (next) => {
            if (next.type.name !== name) return false;
            draw(String(next.attrs.latex ?? ''));
            return true;
          },
          ignoreMutation: () => true,
        };
      };
    },
  });
}
