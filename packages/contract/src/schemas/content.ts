import { z } from 'zod';
import { messages } from '../messages.ts';
import { hasUnsafeCharacters } from '../text-checks.ts';
import {
  CONTENT_LIMITS,
  OUTLINE_ITEM_KINDS,
  attachmentIdOfSrc,
  isAllowedHref,
  nestsDeeperThan,
  normaliseVideoUrl,
  type BlockNode,
  type DocumentMark,
  type InlineNode,
  utf8Length,
  type LessonDocument,
} from '../content.ts';

// ---------------------------------------------------------------- the document

const L = CONTENT_LIMITS;
const invalid = { error: messages.documentInvalid };

/** The value of a zod issue's input, when it is an object with a string `type`. */
function typeOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const type = (input as { type?: unknown }).type;
  return typeof type === 'string' ? type.slice(0, 40) : undefined;
}

/** Names what is wrong: the unknown node, mark or attribute, in the message itself. */
const naming = (prefix: string) => (issue: z.core.$ZodRawIssue) => {
  if (issue.code === 'unrecognized_keys')
    return `${messages.documentAttributeNotAllowed}: «${String(issue.keys[0]).slice(0, 40)}».`;
  const type = typeOf(issue.input);
  if (issue.code === 'invalid_union' && type !== undefined) return `${prefix}: «${type}».`;
  return messages.documentInvalid;
};

/** A node or attribute object: a key it does not name is refused, with the key in the message. */
const strict = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: naming(messages.documentAttributeNotAllowed) });

const shortText = z.string(invalid).max(L.attributeLength, invalid);

const simpleMark = (type: 'bold' | 'italic' | 'underline' | 'strike' | 'code') =>
  strict({ type: z.literal(type) });

const markSchema: z.ZodType<DocumentMark> = z.discriminatedUnion(
  'type',
  [
    simpleMark('bold'),
    simpleMark('italic'),
    simpleMark('underline'),
    simpleMark('strike'),
    simpleMark('code'),
    strict({
      type: z.literal('link'),
      attrs: strict({
        href: z.string(invalid).refine(isAllowedHref, { error: messages.documentLinkInvalid }),
        target: z.literal('_blank', invalid).nullable().optional(),
        rel: z.literal('noopener noreferrer nofollow', invalid).nullable().optional(),
        class: z.null(invalid).optional(),
      }),
    }),
  ],
  { error: naming(messages.documentMarkNotAllowed) },
);

const textSchema = strict({
  type: z.literal('text'),
  text: z
    .string(invalid)
    .min(1, invalid)
    .max(L.textLength, { error: messages.documentTextTooLong }),
  marks: z.array(markSchema, invalid).max(6, invalid).optional(),
});

const imageSchema = strict({
  type: z.literal('image'),
  attrs: strict({
    src: z
      .string(invalid)
      .refine((src) => attachmentIdOfSrc(src) !== null, { error: messages.documentImageInvalid }),
    alt: shortText.nullable().optional(),
    title: shortText.nullable().optional(),
  }),
});

/** A formula's LaTeX source: KaTeX draws it (trust off), so any text is safe; only its length is bounded. */
const mathAttrs = strict({
  latex: z
    .string(invalid)
    .max(L.latexLength, { error: messages.documentMathTooLong })
    .refine((latex) => latex.trim().length > 0, { error: messages.documentMathEmpty }),
});
const inlineMathSchema = strict({ type: z.literal('inlineMath'), attrs: mathAttrs });
const blockMathSchema = strict({ type: z.literal('blockMath'), attrs: mathAttrs });

const inlineSchema: z.ZodType<InlineNode> = z.discriminatedUnion(
  'type',
  [textSchema, strict({ type: z.literal('hardBreak') }), imageSchema, inlineMathSchema],
  { error: naming(messages.documentNodeNotAllowed) },
);
const inlineContent = z.array(inlineSchema, invalid).optional();

const listItemSchema = strict({
  type: z.literal('listItem'),
  get content() {
    return z.array(blockSchema, invalid).min(1, invalid);
  },
});
const listItems = z.array(
  z.discriminatedUnion('type', [listItemSchema], {
    error: naming(messages.documentNodeNotAllowed),
  }),
  invalid,
);

const blockSchema: z.ZodType<BlockNode> = z.discriminatedUnion(
  'type',
  [
    strict({ type: z.literal('paragraph'), content: inlineContent }),
    strict({
      type: z.literal('heading'),
      attrs: strict({ level: z.union([z.literal(2), z.literal(3), z.literal(4)], invalid) }),
      content: inlineContent,
    }),
    strict({
      type: z.literal('bulletList'),
      get content() {
        return listItems.min(1, invalid);
      },
    }),
    strict({
      type: z.literal('orderedList'),
      attrs: strict({
        start: z.number(invalid).int(invalid).min(0, invalid).max(100_000, invalid).optional(),
        type: z.enum(['1', 'a', 'A', 'i', 'I'], invalid).nullable().optional(),
      }).optional(),
      get content() {
        return listItems.min(1, invalid);
      },
    }),
    strict({
      type: z.literal('blockquote'),
      get content() {
        return z.array(blockSchema, invalid).min(1, invalid);
      },
    }),
    strict({
      type: z.literal('codeBlock'),
      attrs: strict({
        language: z
          .string(invalid)
          .regex(/^[A-Za-z0-9_+#.-]{1,40}$/, invalid)
          .nullable()
          .optional(),
      }).optional(),
      content: z
        .array(
          strict({
            type: z.literal('text', { error: naming(messages.documentNodeNotAllowed) }),
            text: z
              .string(invalid)
              .min(1, invalid)
              .max(L.textLength, { error: messages.documentTextTooLong }),
          }),
          invalid,
        )
        .optional(),
    }),
    strict({ type: z.literal('horizontalRule') }),
    imageSchema,
    blockMathSchema,
  ],
  { error: naming(messages.documentNodeNotAllowed) },
);

/** The document's nodes, checked recursively: only for values already known to be shallow (see documentSchema). */
export const documentNodeSchema: z.ZodType<LessonDocument> = strict({
  type: z.literal('doc', { error: messages.documentInvalid }),
  content: z.array(blockSchema, invalid).max(10_000, invalid),
});

/**
 * A lesson's `body` from a client: first, without recursion, the nesting
 * (CONTENT_LIMITS.documentDepth) and the size of its JSON
 * (CONTENT_LIMITS.documentBytes); only a document that passes both meets
 * the recursive schema, so a 10,000-deep value costs one walk and a 400,
 * never the stack.
 */
export const documentSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (nestsDeeperThan(value, L.documentDepth)) {
      ctx.addIssue({ code: 'custom', message: messages.documentTooDeep });
      return;
    }
    if (utf8Length(JSON.stringify(value) ?? '') > L.documentBytes)
      ctx.addIssue({ code: 'custom', message: messages.documentTooLarge });
  })
  .pipe(documentNodeSchema)
  .describe(
    'ProseMirror/TipTap JSON `{type:"doc",content:[…]}`: paragraph, heading (level 2–4), bulletList, orderedList, listItem, blockquote, codeBlock, horizontalRule, hardBreak, text, image (src `attachment:<id>` of this lesson), inlineMath and blockMath (`attrs.latex`, LaTeX of at most 2,000 characters); marks bold, italic, underline, strike, code, link (http(s) or mailto). At most 200 KB.',
  );

// ---------------------------------------------------------------- requests

const idSchema = z.string({ error: messages.badRequest }).min(1).max(100);

/** A title holds no control character or bidirectional override (text-checks.ts), as every stored line of text. */
const plainLine = (value: string) => !hasUnsafeCharacters(value, 'line');

const sectionTitle = z
  .string({ error: messages.sectionTitleInvalid })
  .trim()
  .min(L.sectionTitle.min, { error: messages.sectionTitleInvalid })
  .max(L.sectionTitle.max, { error: messages.sectionTitleInvalid })
  .refine(plainLine, { error: messages.textControlCharacters });

const lessonTitle = z
  .string({ error: messages.lessonTitleInvalid })
  .trim()
  .min(L.lessonTitle.min, { error: messages.lessonTitleInvalid })
  .max(L.lessonTitle.max, { error: messages.lessonTitleInvalid })
  .refine(plainLine, { error: messages.textControlCharacters });

/** `videoUrl` in: a YouTube or Vimeo link, normalised to its embed address; null or '' for none. */
const videoUrlInput = z
  .string({ error: messages.videoUrlInvalid })
  .max(L.videoUrl.max, { error: messages.videoUrlInvalid })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const embed = normaliseVideoUrl(value);
    if (embed === null) {
      ctx.addIssue({ code: 'custom', message: messages.videoUrlInvalid });
      return z.NEVER;
    }
    return embed;
  });

const published = z.boolean({ error: messages.lessonPublishedInvalid });

export const sectionBodySchema = z.strictObject({ title: sectionTitle });

export const createLessonBodySchema = z.strictObject({
  sectionId: idSchema,
  title: lessonTitle,
  body: documentSchema,
  videoUrl: videoUrlInput.optional(),
  published: published.optional(),
});

/** `PUT lessons/{id}`: any of these; absent ones keep their value. */
export const updateLessonBodySchema = z.strictObject({
  sectionId: idSchema.optional(),
  title: lessonTitle.optional(),
  body: documentSchema.optional(),
  videoUrl: videoUrlInput.optional(),
  published: published.optional(),
});

const outlineItemRef = z.strictObject({
  kind: z.enum(OUTLINE_ITEM_KINDS, { error: messages.outlineMismatch }),
  _id: idSchema,
});

/** `PUT courses/{id}/outline`: every section of the course in its new order, each with its items in order. */
export const outlineBodySchema = z.strictObject({
  sections: z
    .array(
      z.strictObject({
        _id: idSchema,
        items: z
          .array(outlineItemRef, { error: messages.outlineMismatch })
          .max(L.outlineItems, { error: messages.outlineMismatch }),
      }),
      { error: messages.outlineMismatch },
    )
    .max(L.outlineSections, { error: messages.outlineMismatch }),
});

// ---------------------------------------------------------------- responses

export const sectionSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  position: z.number().int(),
});

export const attachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  url: z
    .string()
    .describe(
      "The asking user's signed link to the file, for <img> and download; works a few hours",
    ),
});

export const lessonVideoSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  url: z
    .string()
    .describe("The asking user's signed link to the video, for <video>; works a few hours"),
});

export const lessonSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  body: documentNodeSchema,
  videoUrl: z.string().nullable().describe('An embed address (youtube-nocookie or Vimeo) or null'),
  video: lessonVideoSchema.nullable().describe('The uploaded video, or null'),
  attachments: z.array(attachmentSchema),
  published: z.boolean(),
  position: z.number().int(),
  completed: z.boolean().describe("The asking student's mark (false for anyone else)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const outlineItemSchema = z.object({
  kind: z.enum(OUTLINE_ITEM_KINDS),
  _id: z.string(),
  title: z.string(),
  published: z.boolean(),
  dueAt: z.string().nullable(),
  /** An assignment's or a quiz's points (a grade is shown out of them); null for a lesson. */
  maxPoints: z.number().nullable(),
  completed: z.boolean(),
});

export const outlineSchema = z.object({
  sections: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      position: z.number().int(),
      items: z.array(outlineItemSchema),
    }),
  ),
});

export const sectionResponseSchema = z.object({ section: sectionSchema });
export const lessonResponseSchema = z.object({ lesson: lessonSchema });
export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });

export const studentProgressSchema = z.object({
  completed: z.number().int(),
  total: z.number().int(),
});
export const authorProgressSchema = z.object({
  total: z.number().int(),
  students: z.array(
    z.object({ _id: z.string(), username: z.string(), completed: z.number().int() }),
  ),
});
export const progressResponseSchema = z.union([studentProgressSchema, authorProgressSchema]);

export type Section = z.infer<typeof sectionSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
export type OutlineItem = z.infer<typeof outlineItemSchema>;
export type Outline = z.infer<typeof outlineSchema>;
export type CreateLessonBody = z.infer<typeof createLessonBodySchema>;
export type UpdateLessonBody = z.infer<typeof updateLessonBodySchema>;
export type OutlineBody = z.infer<typeof outlineBodySchema>;
export type StudentProgress = z.infer<typeof studentProgressSchema>;
export type AuthorProgress = z.infer<typeof authorProgressSchema>;
