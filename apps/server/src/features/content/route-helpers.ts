/** What the content routes share: the id in the path, the read-cache keys, the hooks. */
import { z } from 'zod';
import { CONTENT_LIMITS, messages } from '@urok/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { getCurrentUser } from '../../plugins/auth.ts';
import { cachedRead } from '../../lib/cached-json.ts';
import { courseScope, memberScope, progressScope } from '../../lib/read-cache.ts';
import type { Lesson, Outline } from '@urok/contract/schemas';
import type { MediaLinks } from './content.service.ts';

export const idParams = z.object({ id: z.string().min(1).max(100) });
export const noContent = z.null().describe('Done');
/** A lesson body: its document (≤ 200 KB) and a few short fields. */
export const LESSON_BODY_LIMIT = CONTENT_LIMITS.documentBytes + 56 * 1024;

/**
 * The cached reads a student makes most (lib/cached-json.ts): each answer is the asker's own —
 * their completion ticks, their signed links — and depends on their role (an author sees
 * drafts), so the key holds the user and the role as the session found them now.
 */
const viewerKey = (request: FastifyRequest) =>
  request.user
    ? `${request.user._id}:${request.user.isAdmin ? 'teacher' : 'student'}`
    : 'anonymous';
/** The asker's lessons done. */
const viewerProgress = (request: FastifyRequest) =>
  request.user ? [progressScope(request.user._id)] : [];
/** What the asker has in the course: their enrolment. */
const viewerMembership = (request: FastifyRequest, courseId: string) =>
  request.user ? [memberScope(request.user._id, courseId)] : [];

function contentReads(app: AppInstance) {
  return {
    outline: cachedRead<Outline>(app.readCache, {
      name: 'outline',
      key: (request) => `${viewerKey(request)}:${request.url}`,
      // The course's own rows, and the asker's enrolment and completions.
      before: (request) => {
        const courseId = (request.params as { id: string }).id;
        return [
          courseScope(courseId),
          ...viewerProgress(request),
          ...viewerMembership(request, courseId),
        ];
      },
    }),
    /**
     * A lesson's answer carries media links signed for MEDIA_URL_TTL_SECONDS (4 h): the key also
     * holds the hour, so a kept answer is at most an hour old and its links have 3 h left.
     */
    lesson: cachedRead<{ lesson: Lesson }>(app.readCache, {
      name: 'lesson',
      key: (request) =>
        `${viewerKey(request)}:${Math.floor(Date.now() / 3_600_000)}:${request.url}`,
      // The asker's lessons done, the lesson's files and the key its links are signed with; then
      // its course's rows and the asker's enrolment there.
      before: (request) => [...viewerProgress(request), 'lesson_attachments', 'media_signing_key'],
      after: (value, request) => [
        courseScope(value.lesson.courseId),
        ...viewerMembership(request, value.lesson.courseId),
      ],
    }),
  };
}

/** The hooks of the content routes, made once for all of them. */
export function contentHooks(app: AppInstance) {
  /** preValidation: counts every call of a signed-in user, a refused body included. */
  const writes = app.rateLimited(RATE_LIMITS.contentWritePerUser);
  const uploads = app.rateLimited(RATE_LIMITS.contentUploadPerUser);
  const completions = app.rateLimited(RATE_LIMITS.lessonCompletionPerUser);
  /** A lesson body over the limit is refused from its Content-Length, before a byte is parsed. */
  const lessonBodySize = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > LESSON_BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE', messages.documentTooLarge);
  };
  const optionalUser = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await app.authenticateRequest(request);
  };
  /** The signed-in user's links to the files of the lessons they are shown. */
  const linksOf = (request: FastifyRequest): MediaLinks => {
    const userId = getCurrentUser(request)._id;
    return (kind, id) => app.mediaSigner.url(kind, id, userId);
  };
  /** The outline's and the lesson's cached reads, declared once for the routes that serve them. */
  const reads = contentReads(app);
  return { writes, uploads, completions, lessonBodySize, optionalUser, linksOf, reads };
}

export type ContentHooks = ReturnType<typeof contentHooks>;
