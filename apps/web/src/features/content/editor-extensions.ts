/**
 * The TipTap extensions of the lesson editor: exactly the nodes and marks of
 * the contract's document schema (schemas/content.ts), with the attributes
 * the server accepts. Only the lesson editor page imports this module, so
 * TipTap and ProseMirror stay out of every other page's JavaScript.
 */
import { mergeAttributes, type AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { attachmentIdOfSrc, isAllowedHref } from '@urok/contract';
import { mathNode } from '../../components/editor/math-nodes';

/** Link without `title` (not in the schema); opens nothing on click while editing. */
const SchemaLink = Link.extend({
  addAttributes() {
    const { title: _title, ...rest } = (this.parent?.() ?? {}) as Record<string, unknown>;
    return rest;
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: false,
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
  isAllowedUri: (url) => isAllowedHref(url),
});

/**
 * Image whose `src` stays `attachment:<id>` in the document, drawn from the
 * attachment's signed link; no width/height (not in the schema).
 */
function schemaImage(resolveSrc: (src: string) => string) {
  return Image.extend({
    addAttributes() {
      const {
        width: _width,
        height: _height,
        ...rest
      } = (this.parent?.() ?? {}) as Record<string, unknown>;
      return rest;
    },
    // Pasted HTML brings only images of this lesson's files; any other image would be refused on save.
    parseHTML() {
      return [
        {
          tag: 'img[src]',
          getAttrs: (element) =>
            attachmentIdOfSrc((element as HTMLElement).getAttribute('src') ?? '') ? null : false,
        },
      ];
    },
    renderHTML({ HTMLAttributes }) {
      const attrs = HTMLAttributes as { src?: string };
      return [
        'img',
        mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, {
          src: resolveSrc(attrs.src ?? ''),
        }),
      ];
    },
  });
}

export function lessonEditorExtensions(
  resolveSrc: (src: string) => string,
  onEditMath: () => void = () => {},
): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      // Added below without `title`. The kit's other parts (undo, drop and gap cursors, list keys,
      // trailing paragraph) add no node or mark.
      link: false,
    }),
    SchemaLink,
    schemaImage(resolveSrc),
    mathNode('inlineMath', onEditMath),
    mathNode('blockMath', onEditMath),
  ];
}
