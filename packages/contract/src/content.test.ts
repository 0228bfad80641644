import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachmentIdOfSrc,
  CONTENT_LIMITS,
  documentImageSources,
  isAllowedHref,
  normaliseHref,
  nestsDeeperThan,
  normaliseVideoUrl,
  utf8Length,
} from './content.ts';
import { messages } from './messages.ts';
import { documentSchema } from './schemas/index.ts';

// ---------------------------------------------------------------- generated documents

const text = fc.string({ minLength: 1, maxLength: 30 });
const href = fc.oneof(
  fc.webUrl({ validSchemes: ['http', 'https'] }),
  fc.emailAddress().map((address) => `mailto:${address}`),
);
const mark = fc.oneof(
  fc.constantFrom('bold', 'italic', 'underline', 'strike', 'code').map((type) => ({ type })),
  fc
    .record(
      {
        href,
        target: fc.constantFrom('_blank', null),
        rel: fc.constantFrom('noopener noreferrer nofollow', null),
      },
      { requiredKeys: ['href'] },
    )
    .map((attrs) => ({ type: 'link', attrs })),
);
const textNode = fc.record(
  {
    type: fc.constant('text'),
    text,
    marks: fc.uniqueArray(mark, { maxLength: 3, selector: (m) => m.type }),
  },
  { requiredKeys: ['type', 'text'] },
);
const image = fc
  .record(
    {
      src: fc.uuid().map((id) => `attachment:${id}`),
      alt: fc.option(text, { nil: null }),
      title: fc.option(text, { nil: null }),
    },
    { requiredKeys: ['src'] },
  )
  .map((attrs) => ({ type: 'image', attrs }));
/** LaTeX as teachers type it, and any other non-blank text (KaTeX draws it untrusted). */
const latex = fc.oneof(
  fc.constantFrom('\\frac{v^2}{2g}', 'E = mc^2', '\\sqrt{a^2+b^2}', '\\href{javascript:x}{y}'),
  fc.string({ minLength: 1, maxLength: 60 }).filter((value) => value.trim().length > 0),
);
const math = (type: 'inlineMath' | 'blockMath') =>
  latex.map((value) => ({ type, attrs: { latex: value } }));
const inline = fc.oneof(
  { weight: 6, arbitrary: textNode },
  { weight: 1, arbitrary: fc.constant({ type: 'hardBreak' }) },
  { weight: 1, arbitrary: image },
  { weight: 1, arbitrary: math('inlineMath') },
);
const inlineContent = fc.array(inline, { maxLength: 4 });

const { block } = fc.letrec<{ block: unknown; listItem: unknown }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      { type: fc.constant('paragraph'), content: inlineContent },
      { requiredKeys: ['type'] },
    ),
    fc.record({
      type: fc.constant('heading'),
      attrs: fc.record({ level: fc.constantFrom(2, 3, 4) }),
      content: inlineContent,
    }),
    fc.record({
      type: fc.constant('bulletList'),
      content: fc.array(tie('listItem'), { minLength: 1, maxLength: 3 }),
    }),
    fc.record(
      {
        type: fc.constant('orderedList'),
        attrs: fc.record({ start: fc.integer({ min: 1, max: 99 }) }, { requiredKeys: [] }),
        content: fc.array(tie('listItem'), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['type', 'content'] },
    ),
    fc.record({
      type: fc.constant('blockquote'),
      content: fc.array(tie('block'), { minLength: 1, maxLength: 3 }),
    }),
    fc.record(
      {
        type: fc.constant('codeBlock'),
        attrs: fc.record({ language: fc.constantFrom('js', 'python', 'c++', null) }),
        content: fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 2 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.constant({ type: 'horizontalRule' }),
    image,
    math('blockMath'),
  ),
  listItem: fc.record({
    type: fc.constant('listItem'),
    content: fc.array(tie('block'), { minLength: 1, maxLength: 2 }),
  }),
}));
const validDocument = fc.record({
  type: fc.constant('doc'),
  content: fc.array(block, { maxLength: 6 }),
});

type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; marks?: unknown[] };

/** Every node of a document, the document itself included. */
function nodesOf(doc: Node): Node[] {
  const nodes: Node[] = [];
  const stack: Node[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    if (Array.isArray(node.content)) stack.push(...node.content);
  }
  return nodes;
}

const hostileNodeTypes = fc.constantFrom(
  'script',
  'iframe',
  'html',
  'video',
  'table',
  'Paragraph',
  '__proto__',
);
const hostileHrefs = fc.constantFrom(
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'https://',
  'mailto:',
);

/** One change that makes a valid document invalid, at a generated place. */
const mutation = fc.oneof(
  hostileNodeTypes.map((type) => (node: Node, doc: Node) => {
    if (node === doc) doc.content = [...(doc.content ?? []), { type }];
    else node.type = type;
  }),
  fc.constantFrom('onclick', 'style', 'class', 'href', 'data-x').map((name) => (node: Node) => {
    node.attrs = { ...(node.attrs ?? {}), [name]: 'x' };
    // The one attribute `class` is allowed on is a link's; no node has it.
  }),
  fc
    .constantFrom('highlight', 'textStyle', 'subscript', 'script')
    .map((type) => (_: Node, doc: Node) => {
      doc.content = [
        { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type }] } as Node] },
      ];
    }),
  hostileHrefs.map((bad) => (_: Node, doc: Node) => {
    doc.content = [
      ...(doc.content ?? []),
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: bad } }] } as Node,
        ],
      },
    ];
  }),
  fc
    .constantFrom(
      'data:image/png;base64,AAAA',
      'https://evil.example/x.png',
      '/api/attachments/x/file',
      'attachment:',
    )
    .map((src) => (_: Node, doc: Node) => {
      doc.content = [...(doc.content ?? []), { type: 'image', attrs: { src } }];
    }),
);

describe('the lesson document schema', () => {
  it('accepts every generated document of the allowed nodes and marks', () => {
    fc.assert(
      fc.property(validDocument, (doc) => {
        const result = documentSchema.safeParse(doc);
        expect(result.error?.issues ?? []).toEqual([]);
        expect(result.data).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every mutated document (unknown node, attribute or mark, bad href or image src) with a message', () => {
    fc.assert(
      fc.property(validDocument, mutation, fc.nat(), (doc, mutate, at) => {
        const copy = structuredClone(doc) as Node;
        const nodes = nodesOf(copy);
        mutate(nodes[at % nodes.length]!, copy);
        const result = documentSchema.safeParse(copy);
        expect(result.success, JSON.stringify(copy)).toBe(false);
        const message = result.error!.issues[0]!.message;
        expect(
          message.startsWith('Текст уроку') ||
            message.startsWith('Посилання') ||
            message.startsWith('Зображення'),
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('names the unknown node, mark or attribute', () => {
    const first = (value: unknown) => documentSchema.safeParse(value).error?.issues[0]?.message;
    expect(first({ type: 'doc', content: [{ type: 'script' }] })).toBe(
      `${messages.documentNodeNotAllowed}: «script».`,
    );
    expect(
      first({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'blink' }] }] },
        ],
      }),
    ).toBe(`${messages.documentMarkNotAllowed}: «blink».`);
    expect(
      first({ type: 'doc', content: [{ type: 'horizontalRule', attrs: { style: 'x' } }] }),
    ).toBe(`${messages.documentAttributeNotAllowed}: «attrs».`);
  });

  it('takes formulas in the line and on their own line, up to 2,000 characters of LaTeX', () => {
    const doc = (latexSource: unknown, where: 'inline' | 'block' = 'inline') => ({
      type: 'doc',
      content:
        where === 'inline'
          ? [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'h = ' },
                  { type: 'inlineMath', attrs: { latex: latexSource } },
                ],
              },
            ]
          : [{ type: 'blockMath', attrs: { latex: latexSource } }],
    });
    const first = (value: unknown) => documentSchema.safeParse(value).error?.issues[0]?.message;
    expect(documentSchema.parse(doc('\\frac{v^2}{2g}'))).toEqual(doc('\\frac{v^2}{2g}'));
    expect(documentSchema.safeParse(doc('x'.repeat(2000), 'block')).success).toBe(true);
    expect(first(doc('x'.repeat(2001)))).toBe(messages.documentMathTooLong);
    expect(first(doc('x'.repeat(2001), 'block'))).toBe(messages.documentMathTooLong);
    expect(first(doc('  ', 'block'))).toBe(messages.documentMathEmpty);
    expect(first(doc(12))).toBe(messages.documentInvalid);
    // No attribute but `latex`; a block formula is not inline content, nor the other way round.
    expect(
      first({
        type: 'doc',
        content: [{ type: 'blockMath', attrs: { latex: 'x', trust: true } }],
      }),
    ).toBe(`${messages.documentAttributeNotAllowed}: «trust».`);
    expect(
      first({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'blockMath', attrs: { latex: 'x' } }] }],
      }),
    ).toBe(`${messages.documentNodeNotAllowed}: «blockMath».`);
    expect(first({ type: 'doc', content: [{ type: 'inlineMath', attrs: { latex: 'x' } }] })).toBe(
      `${messages.documentNodeNotAllowed}: «inlineMath».`,
    );
    expect(first({ type: 'doc', content: [{ type: 'blockMath' }] })).toBe(messages.documentInvalid);
  });

  it('refuses 10,000-deep nesting from one walk, without recursion', () => {
    let deep: unknown = { type: 'paragraph' };
    for (let i = 0; i < 10_000; i += 1) deep = { type: 'blockquote', content: [deep] };
    const result = documentSchema.safeParse({ type: 'doc', content: [deep] });
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.documentTooDeep]);
    expect(nestsDeeperThan(deep, CONTENT_LIMITS.documentDepth)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('refuses a document over 200 KB of JSON, counted in UTF-8 bytes', () => {
    const doc = (chars: number) => ({
      type: 'doc',
      content: Array.from({ length: 10 }, () => ({
        type: 'paragraph',
        content: [{ type: 'text', text: 'ї'.repeat(chars) }],
      })),
    });
    // 10 × 10,000 two-byte letters: 200,000 bytes and more with the JSON around them.
    expect(documentSchema.safeParse(doc(10_500)).error?.issues[0]?.message).toBe(
      messages.documentTooLarge,
    );
    expect(documentSchema.safeParse(doc(9_000)).success).toBe(true);
    expect(utf8Length('aї€😀')).toBe(1 + 2 + 3 + 4);
  });

  it('lists image sources in document order', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: 'attachment:a' } },
        {
          type: 'blockquote',
          content: [
            { type: 'paragraph', content: [{ type: 'image', attrs: { src: 'attachment:b' } }] },
          ],
        },
      ],
    };
    expect(documentImageSources(doc)).toEqual(['attachment:a', 'attachment:b']);
    expect(attachmentIdOfSrc('attachment:0194-ab')).toBe('0194-ab');
    expect(attachmentIdOfSrc('https://x/attachment:1')).toBeNull();
  });
});

describe('links and video addresses', () => {
  it('allows http(s) and mailto links only', () => {
    for (const ok of [
      'https://osvita.ua/',
      'http://example.com/a?b=c#d',
      'mailto:teacher@school.ua',
    ])
      expect(isAllowedHref(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:,x',
      'ftp://x',
      '/relative',
      'https://',
      'https://a b',
      'mailto:x',
    ])
      expect(isAllowedHref(bad), bad).toBe(false);
  });

  it('makes a typed link an allowed href: https:// for a bare domain, never another scheme', () => {
    expect(normaliseHref('geogebra.org')).toBe('https://geogebra.org');
    expect(normaliseHref(' www.geogebra.org/m/abc?x=1 ')).toBe(
      'https://www.geogebra.org/m/abc?x=1',
    );
    expect(normaliseHref('example.com:8080/a')).toBe('https://example.com:8080/a');
    expect(normaliseHref('http://example.com')).toBe('http://example.com');
    expect(normaliseHref('teacher@school.ua')).toBe('mailto:teacher@school.ua');
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'ftp://x.org',
      'просто текст',
      '',
      'geogebra',
    ])
      expect(normaliseHref(bad), bad).toBeNull();
  });

  it('normalises YouTube and Vimeo links to their embed addresses and refuses the rest', () => {
    expect(normaliseVideoUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(normaliseVideoUrl(' https://vimeo.com/123456 ')).toBe(
      'https://player.vimeo.com/video/123456',
    );
    for (const bad of [
      'https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
      'https://player.vimeo.com/video/12/../../evil',
      'ftp://youtu.be/dQw4w9WgXcQ',
    ])
      expect(normaliseVideoUrl(bad), bad).toBeNull();
  });
});
