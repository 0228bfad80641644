import { z } from 'zod';
import {
  accountMessages,
  API,
  canonicalTelephone,
  changesTelephone,
  languageFromHeader,
} from '@urok/contract';
import {
  authResponseSchema,
  changePasswordBodySchema,
  getUserBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordInfoSchema,
  loginBodySchema,
  registerBodySchema,
  updateUserBodySchema,
  userResponseSchema,
} from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { addressKey, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import {
  changePassword,
  endSession,
  loginUser,
  registerUser,
  resetPassword,
  mailPasswordReset,
  updateProfile,
} from './auth.service.ts';
import { throttleSignIn } from './sign-in-throttle.ts';
import { inLanguage } from '../../lib/language.ts';

export async function authRoutes(app: AppInstance): Promise<void> {
  app.post(
    `/${API.register}`,
    {
      preHandler: app.rateLimited(RATE_LIMITS.registerPerIp),
      schema: {
        tags: ['auth'],
        summary:
          'Create a student account (a teacher one when an application for the number was approved)',
        body: registerBodySchema.superRefine(refuseCommonPassword('password')),
        response: {
          201: authResponseSchema.describe('Signed up and signed in'),
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      // A new account reads the language its registration was asked in (DESIGN section 16).
      const result = await registerUser(
        app.db,
        request.body,
        app.config,
        languageFromHeader(request.headers['accept-language']),
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    `/${API.login}`,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with telephone and password; failed attempts of one telephone from one address are answered more and more slowly, then refused (429)',
        body: loginBodySchema,
        response: {
          200: authResponseSchema.describe('Signed in'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) =>
      throttleSignIn(
        app.signInLimiter,
        canonicalTelephone(request.body.telephone.trim()),
        addressKey(request.ip),
        app.config.loginFailureDelayMs,
        () => loginUser(app.db, request.body, app.config),
      ),
  );

  app.post(
    `/${API.getUser}`,
    {
      schema: {
        tags: ['auth'],
        summary: 'The user of a token, sent in the body or as the bearer header',
        security: bearerSecurity,
        body: getUserBodySchema,
        response: {
          200: userResponseSchema.describe('The user of the token'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const user = await app.authenticateRequest(request, request.body?.token?.trim());
      return { user };
    },
  );

  app.put(
    `/${API.updateUser}`,
    {
      onRequest: app.requireUser,
      // Only saves that change the telephone count (each checks the password and may answer 409).
      preHandler: app.rateLimited(RATE_LIMITS.telephoneChangePerUser, {
        when: (request) =>
          changesTelephone(
            getCurrentUser(request).telephone,
            (request.body as { telephone: string }).telephone,
          ),
      }),
      schema: {
        tags: ['auth'],
        summary:
          "Update the signed-in user's profile; a new telephone (the sign-in name) needs `currentPassword` (400 without it, 401 naming the field when wrong)",
        security: bearerSecurity,
        body: updateUserBodySchema,
        response: {
          200: userResponseSchema.describe('The updated user'),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, getCurrentUser(request)._id, request.body);
      // A new language is the answer's already.
      request.language = user.language;
      return { user };
    },
  );

  app.post(
    `/${API.logout}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session of this token is deleted',
        security: bearerSecurity,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      if (request.sessionTokenHash) await endSession(app.db, request.sessionTokenHash);
      // The session's live streams, in every process, close now (features/notifications).
      app.notificationBus.sessionsEnded(getCurrentUser(request)._id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `/${API.changePassword}`,
    {
      onRequest: app.requireUser,
      preHandler: app.rateLimited(RATE_LIMITS.passwordChangePerUser),
      schema: {
        tags: ['auth'],
        summary:
          'Change the password; every other session of the user is signed out, this one stays',
        security: bearerSecurity,
        body: changePasswordBodySchema.superRefine(refuseCommonPassword('newPassword')),
        response: {
          200: messageResponseSchema.describe('Changed'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      await changePassword(app.db, user._id, request.sessionTokenHash!, request.body);
      app.notificationBus.sessionsEnded(user._id);
      return { message: inLanguage(request.language, accountMessages.passwordChanged) };
    },
  );

  app.post(
    `/${API.resetPassword}`,
    {
      preHandler: app.rateLimited(RATE_LIMITS.passwordResetPerIp),
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the token of a one-time link (`npm run admin -- users reset-password`); every session of the user ends',
        body: resetPasswordBodySchema.superRefine(refuseCommonPassword('password')),
        response: {
          200: messageResponseSchema.describe('Changed; sign in with the new password'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => {
      app.notificationBus.sessionsEnded(await resetPassword(app.db, request.body));
      return { message: inLanguage(request.language, accountMessages.passwordResetDone) };
    },
  );

  // ---- forgot password (DESIGN section 17) ----
  app.get(
    `/${API.forgotPassword}`,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether this site mails reset links (SMTP_URL is set); if not, an operator makes one',
        response: { 200: forgotPasswordInfoSchema },
      },
    },
    async () => ({ byMail: app.passwordResetMailer.enabled }),
  );

  app.post(
    `/${API.forgotPassword}`,
    {
      preHandler: app.rateLimited(RATE_LIMITS.forgotPasswordPerIp),
      schema: {
        tags: ['auth'],
        summary:
          'Mail a one-time reset link (1 h) to the e-mail of the account of this number; the same 202 whether or not there is one',
        body: forgotPasswordBodySchema,
        response: {
          202: messageResponseSchema.describe('Accepted: a mail goes if the account has an e-mail'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { telephone } = request.body;
      // Everything that depends on the number happens after the answer (lib/password-reset-mail.ts).
      app.passwordResetMailer.runDetached(async () => {
        await mailPasswordReset(
          app.db,
          {
            limiter: app.signInLimiter,
            mailer: app.passwordResetMailer,
            publicUrl: app.config.publicUrl,
          },
          telephone,
        );
      });
      return reply
        .code(202)
        .send({ message: inLanguage(request.language, accountMessages.forgotPasswordAccepted) });
    },
  );
  // ---- end of forgot password section ----
}
