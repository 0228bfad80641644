/**
 * Assignments and grading: limits and the rules server
 * and web share, without zod (the zod schemas are in schemas/assignments.ts).
 */
import type { BlockNode, InlineNode, LessonDocument } from './content.ts';

export const ASSIGNMENT_LIMITS = {
  title: { min: 1, max: 200 },
  maxPoints: { min: 1, max: 100, default: 12 },
  perCourse: 200,
  regradeReason: { min: 1, max: 500 },
  commentBody: { min: 1, max: 2000 },
} as const;

/**
 * The course's homework text as a document (the course JSON's
 * `homeworkTask` is its default assignment's instructions): a paragraph per
 * line, an empty line an empty paragraph. '' is one empty paragraph.
 */
export function textToDocument(text: string): LessonDocument {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return {
    type: 'doc',
    content: lines.map((line) =>
      line === ''
        ? { type: 'paragraph' }
        : { type: 'paragraph', content: [{ type: 'text', text: line }] },
    ),
  } as LessonDocument;
}

function inlineText(nodes: readonly InlineNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'hardBreak') return '\n';
      // A formula keeps its LaTeX, marked as TeX writes it in running text.
      if (node.type === 'inlineMath') return `$${node.attrs.latex}$`;
      return '';
    })
    .join('');
}

function blockLines(node: BlockNode, prefix = ''): string[] {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'codeBlock':
      return [prefix + inlineText(node.content as InlineNode[] | undefined)];
    case 'horizontalRule':
      return [prefix + '---'];
    case 'blockMath':
      return [`${prefix}$$${node.attrs.latex}$$`];
    case 'blockquote':
      return node.content.flatMap((child) => blockLines(child, prefix));
    case 'bulletList':
    case 'orderedList':
      return node.content.flatMap((item, index) => {
        const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1;
        const marker = node.type === 'bulletList' ? '- ' : `${start + index}. `;
        return item.content.flatMap((child, i) =>
          blockLines(child, i === 0 ? prefix + marker : prefix + ' '.repeat(marker.length)),
        );
      });
    default:
      return [];
  }
}

/** The inverse of textToDocument for the course JSON: each block's text on its own line(s). */
export function documentToText(doc: LessonDocument): string {
  return doc.content.flatMap((block) => blockLines(block)).join('\n');
}

/**
 * A grade as points: a number from 0 to `maxPoints` with at most two
 * decimals, a comma or a point ("9,5" = "9.5"); null for anything else.
 */
export function parsePoints(grade: string, maxPoints: number): number | null {
  const text = grade.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const points = Number(text);
  return points >= 0 && points <= maxPoints ? points : null;
}
