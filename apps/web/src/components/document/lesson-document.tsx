/**
 * A lesson's text (and an assignment's instructions, the same schema), drawn by a whitelist of our own components: each node and
 * mark of the contract's document schema has one, anything else draws
 * nothing (its text children are kept). The document is never turned into
 * HTML, so no markup in it can run; a link is a link only when its address
 * passes the contract's isAllowedHref (http, https, mailto). Formulas are
 * drawn by KaTeX, loaded only when a document has one (math.tsx).
 */
import type { ReactNode } from 'react';
import {
  attachmentIdOfSrc,
  isAllowedHref,
  messages,
  type BlockNode,
  type DocumentMark,
  type InlineNode,
  type LessonDocument,
} from '@urok/contract';
import { MathView } from './math';

/** The signed link of an attachment of this lesson, by its id; undefined when it is not one. */
export type ImageUrlOf = (attachmentId: string) => string | undefined;

const LIST_TYPES: Record<string, string> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
};

function withMark(mark: DocumentMark, child: ReactNode, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{child}</strong>;
    case 'italic':
      return <em key={key}>{child}</em>;
    case 'underline':
      return <u key={key}>{child}</u>;
    case 'strike':
      return <s key={key}>{child}</s>;
    case 'code':
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">
          {child}
        </code>
      );
    case 'link': {
      const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
      if (!isAllowedHref(href)) return <span key={key}>{child}</span>;
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          {child}
        </a>
      );
    }
    default:
      return <span key={key}>{child}</span>;
  }
}

function Image({
  node,
  imageUrl,
}: {
  node: { attrs?: { src?: unknown; alt?: unknown } };
  imageUrl: ImageUrlOf;
}) {
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  const id = attachmentIdOfSrc(src);
  const url = id ? imageUrl(id) : undefined;
  if (!url)
    return (
      <span className="text-sm italic text-slate-500">{alt || messages.lessonImageMissing}</span>
    );
  return <img src={url} alt={alt} className="my-3 h-auto max-w-full rounded-lg" loading="lazy" />;
}

function inline(nodes: readonly InlineNode[] | undefined, imageUrl: ImageUrlOf): ReactNode[] {
  return (nodes ?? []).map((node, index) => {
    switch (node.type) {
      case 'text': {
        let child: ReactNode = String(node.text ?? '');
        (node.marks ?? []).forEach((mark, markIndex) => {
          child = withMark(mark, child, markIndex);
        });
        return <span key={index}>{child}</span>;
      }
      case 'hardBreak':
        return <br key={index} />;
      case 'image':
        return <Image key={index} node={node} imageUrl={imageUrl} />;
      case 'inlineMath':
        return <MathView key={index} latex={String(node.attrs?.latex ?? '')} display={false} />;
      default:
        return null;
    }
  });
}

function block(node: BlockNode, key: number, imageUrl: ImageUrlOf): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return (
        <p key={key} className="my-3 leading-relaxed">
          {inline(node.content, imageUrl)}
        </p>
      );
    case 'heading': {
      const level = node.attrs?.level;
      const children = inline(node.content, imageUrl);
      if (level === 3)
        return (
          <h3 key={key} className="mb-2 mt-5 text-lg font-semibold">
            {children}
          </h3>
        );
      if (level === 4)
        return (
          <h4 key={key} className="mb-2 mt-4 font-semibold">
            {children}
          </h4>
        );
      return (
        <h2 key={key} className="mb-2 mt-6 text-xl font-semibold">
          {children}
        </h2>
      );
    }
    case 'bulletList':
      return (
        <ul key={key} className="my-3 list-disc space-y-1 pl-6">
          {(node.content ?? []).map((item, index) => (
            <li key={index}>{blocks(item.content, imageUrl)}</li>
          ))}
        </ul>
      );
    case 'orderedList': {
      const start = typeof node.attrs?.start === 'number' ? node.attrs.start : undefined;
      const listType = LIST_TYPES[node.attrs?.type ?? '1'] ?? 'decimal';
      return (
        <ol
          key={key}
          start={start}
          style={{ listStyleType: listType }}
          className="my-3 space-y-1 pl-6"
        >
          {(node.content ?? []).map((item, index) => (
            <li key={index}>{blocks(item.content, imageUrl)}</li>
          ))}
        </ol>
      );
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="my-3 border-l-4 border-slate-300 pl-4 text-slate-700">
          {blocks(node.content, imageUrl)}
        </blockquote>
      );
    case 'codeBlock':
      return (
        // Focusable: a long line scrolls sideways, and the keyboard must reach it too.
        <pre
          key={key}
          tabIndex={0}
          className="my-3 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-50"
        >
          <code>{(node.content ?? []).map((text) => String(text.text ?? '')).join('')}</code>
        </pre>
      );
    case 'horizontalRule':
      return <hr key={key} className="my-6 border-slate-200" />;
    case 'image':
      return (
        <p key={key}>
          <Image node={node} imageUrl={imageUrl} />
        </p>
      );
    case 'blockMath':
      return <MathView key={key} latex={String(node.attrs?.latex ?? '')} display />;
    default:
      return null;
  }
}

function blocks(nodes: readonly BlockNode[] | undefined, imageUrl: ImageUrlOf): ReactNode[] {
  return (nodes ?? []).map((node, index) => block(node, index, imageUrl));
}

/** The lesson's text; images resolve `attachment:<id>` through `imageUrl`. */
export function LessonDocumentView({
  doc,
  imageUrl,
}: {
  doc: LessonDocument;
  imageUrl: ImageUrlOf;
}) {
  return (
    <div className="break-words text-base text-slate-800">
      {doc.type === 'doc' ? blocks(doc.content, imageUrl) : null}
    </div>
  );
}
