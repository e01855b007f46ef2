import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sitePaths } from '../../../contract/apiPaths';
import { z } from '../../../contract/zod';
import { errorMessages } from '../../../contract/messages';
import type { AppContext } from '../../context';
import { oauthError } from '../../errors';
import { SIGN_IN_BODY_LIMIT, smallFormOnly } from '../../plugins/bodyLimits';
import { errorAnswers } from '../errorAnswers';

const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

/** A sign-in form refused, too large, of another type, or from an address that asked too often. */
const errors = errorAnswers(400, 401, 413, 415, 429);

/** Form fields arrive as strings; a repeated field or a file is not a valid value. */
const formField = z.string().max(1024).optional();
const tokenRequestSchema = z.object({
  grant_type: formField,
  username: formField,
  password: formField,
  refresh_token: formField,
  client_id: formField,
  client_secret: formField,
  scope: formField,
});
const revokeRequestSchema = z.object({
  token: formField,
  client_id: formField,
  client_secret: formField,
});

const invalidRequest = () => oauthError(400, 'invalid_request', errorMessages.invalidRequest);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isForm(contentType: string | undefined): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType ?? '');
}

/** Reads an OAuth form body: form data only, every field a single string. */
function readForm<T extends z.ZodType>(schema: T, contentType: string | undefined, body: unknown): z.infer<T> {
  if (!isForm(contentType)) throw invalidRequest();
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw invalidRequest();
  return parsed.data;
}

const oauthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Anyone may call these two without an account: a few kB of form, no file, refused before reading.
  const { bodyLimit, onRequest, multipartOptions } = smallFormOnly(SIGN_IN_BODY_LIMIT);
  /** What both routes share: public, a small form only, and the sign-in rate limit. */
  const publicForm = {
    bodyLimit,
    onRequest,
    config: {
      access: 'public' as const,
      multipartOptions,
      rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
    },
  };
  const checkClient = (id: string | undefined, secret: string | undefined) => {
    const ok =
      sameSecret(id ?? '', ctx.config.OAUTH_CLIENT_ID) && sameSecret(secret ?? '', ctx.config.OAUTH_CLIENT_SECRET);
    if (!ok) throw oauthError(401, 'invalid_client', errorMessages.invalidClient);
  };

  app.post(
    sitePaths.oauthToken,
    {
      ...publicForm,
      schema: {
        summary: 'Sign in (password grant) or renew tokens (refresh_token grant)',
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: {
          200: tokenPairSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const form = readForm(tokenRequestSchema, request.headers['content-type'], request.body);
      checkClient(form.client_id, form.client_secret);
      if (form.scope !== undefined && form.scope !== 'admin') {
        throw oauthError(400, 'invalid_scope', errorMessages.invalidRequest);
      }
      reply.header('cache-control', 'no-store');
      if (form.grant_type === 'password') {
        if (!form.username || !form.password) throw invalidRequest();
        // The client as the server sees it: the socket's address, or X-Forwarded-For's with TRUST_PROXY.
        return ctx.auth.passwordGrant(form.username, form.password, request.ip);
      }
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token) throw invalidRequest();
        return ctx.auth.refreshGrant(form.refresh_token);
      }
      throw oauthError(400, 'unsupported_grant_type', errorMessages.unsupportedGrantType);
    },
  );

  app.post(
    sitePaths.oauthRevoke,
    {
      ...publicForm,
      schema: {
        summary: 'Sign out: revoke the session of a refresh or access token (RFC 7009)',
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: {
          200: z.object({}),
          ...errors,
        },
      },
    },
    async (request) => {
      const form = readForm(revokeRequestSchema, request.headers['content-type'], request.body);
      checkClient(form.client_id, form.client_secret);
      if (!form.token) throw invalidRequest();
      await ctx.auth.revoke(form.token);
      return {};
    },
  );
};

export default oauthRoutes;
