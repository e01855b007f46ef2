import { randomBytes } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorMessages } from '../contract/messages';
import type { AppContext } from './context';
import { AppError } from './errors';
import { registerErrorHandler } from './plugins/errorHandler';
import { answerClientError, answerFrameworkError } from './plugins/frameworkErrors';
import { forgetSessionsAfterWrites, installAccess } from './plugins/access';
import { installInputGuard } from './plugins/inputGuard';
import { defaultMultipartLimits } from './plugins/bodyLimits';
import { databaseRateLimitStore } from './plugins/rateLimitStore';
import { installSecurityHeaders } from './plugins/securityHeaders';
import { setPublicUrl } from './publicUrl';
import { docsAccess } from './plugins/docsAccess';
import { logEachRequestOnce, loggerOptions, type LoggerOptions } from './logger';
import { registerConsole } from './routes/console';
import oauthRoutes from './routes/oauth/auth';
import icalRoutes from './routes/ical';
import healthRoutes from './routes/api/health';
import accommodationRoutes from './routes/api/accommodations';
import meRoutes from './routes/api/me';
import userRoutes from './routes/api/users';
import bookRoutes from './routes/api/books';
import calendarCommentRoutes from './routes/api/calendarComments';
import catalogueRoutes from './routes/api/catalogue';
import priceRoutes from './routes/api/prices';
import holidayRoutes from './routes/api/holidays';
import paymentRoutes from './routes/api/payments';
import optionRoutes from './routes/api/options';
import bookingOptionRoutes from './routes/api/bookingOptions';
import supplierRoutes from './routes/api/suppliers';
import faqRoutes from './routes/api/faqs';
import mailAddressRoutes from './routes/api/mailAddresses';
import receivedMailRoutes from './routes/api/receivedMail';
import mailMessageRoutes from './routes/api/mailMessages';
import mailPublicationRoutes from './routes/api/mailPublications';
import mailTemplateRoutes from './routes/api/mailTemplates';
import bookMailRoutes from './routes/api/bookMail';
import syncSettingRoutes from './routes/api/syncSettings';
import syncItemRoutes from './routes/api/syncItems';
import syncLogRoutes from './routes/api/syncLogs';
import bookSyncRoutes from './routes/api/bookSync';
import syncCheckRoutes from './routes/api/syncChecks';
import syncHealthRoutes from './routes/api/syncHealth';
import timesheetRoutes from './routes/api/timesheets';
import icalFeedRoutes from './routes/api/icalFeed';
import precheckinRoutes from './routes/api/precheckin';
import minpakuRoutes from './routes/api/minpaku';
import refusalRoutes from './routes/api/refusals';
import guestRegisterRoutes from './routes/api/guestRegister';
import taxRoutes from './routes/api/tax';
import invoiceRoutes from './routes/api/invoices';
import analyticsRoutes from './routes/api/analytics';
import pettyCashRoutes from './routes/api/cashes';
import jobRoutes from './routes/api/jobs';

export interface BuildAppOptions {
  logger?: LoggerOptions;
}

/** Registers plugins, then routes, folder = URL. Nothing here listens: server.ts does. */
/**
 * Request ids unique across processes without random bytes per request: this process's own random
 * prefix, then a counter (about 10 µs a request less than 6 random bytes each, under load).
 */
const processPrefix = randomBytes(4).toString('hex');
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${processPrefix}${requestCounter.toString(36)}`;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(ctx.config.LOG_LEVEL),
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Request ids unique across restarts and processes: an administrator finds the log line by it.
    genReqId: nextRequestId,
    // One line per request instead of two (logEachRequestOnce).
    logController: new LogController({ disableRequestLogging: true }),
    // ids like /api/books/12 and /api/books/12/ are the same route
    routerOptions: { ignoreTrailingSlash: true },
    // Refused before routing or by Node's parser: our shape and headers, never Fastify's English echo.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Links in mail (the pre-check-in's) start with the address the server listens at, or PUBLIC_URL.
  app.addHook('onListen', function (done) {
    const address = this.server.address();
    setPublicUrl(ctx.config, typeof address === 'object' && address ? address.port : ctx.config.PORT);
    done();
  });
  logEachRequestOnce(app);
  installInputGuard(app);
  forgetSessionsAfterWrites(app, ctx.auth);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null },
    },
  });
  // gzip or brotli for the console's files and the API's JSON (a third of the bytes on the wire).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database: every process on it shares one count per address.
    store: databaseRateLimitStore(ctx.db),
    errorResponseBuilder: (_req, context) => {
      const error = new AppError(429, 'too_many_requests', errorMessages.tooManyRequests);
      // The plugin throws what this returns; our error handler answers it in the one shape.
      return Object.assign(error, { statusCode: context.statusCode });
    },
  });
  await app.register(fastifyFormbody);
  // No route takes a file unless it says so (config.multipartOptions: how many, how large).
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: defaultMultipartLimits });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Yadoban API', description: 'Back-office API of the Yadoban console', version: '1.0.1' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The guard is a hook of a scope holding swagger-ui, so it covers every route the plugin adds
  // under /api/docs: its page and the document, and the static files @fastify/static serves there,
  // which uiHooks would leave out.
  const docsGuard = docsAccess(ctx.config, ctx.auth);
  await app.register(async (docs) => {
    if (docsGuard) docs.addHook('onRequest', docsGuard);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  await app.register(oauthRoutes, ctx);
  await app.register(icalRoutes, ctx);
  await app.register(
    async (api) => {
      // Answers hold guests' names, addresses and phones: no shared or browser cache keeps them.
      api.addHook('onSend', (_request, reply, payload, done) => {
        reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      installAccess(api, ctx.auth);
      const typed = api.withTypeProvider<ZodTypeProvider>();
      for (const routes of [
        healthRoutes,
        meRoutes,
        accommodationRoutes,
        userRoutes,
        bookRoutes,
        calendarCommentRoutes,
        catalogueRoutes,
        priceRoutes,
        holidayRoutes,
        paymentRoutes,
        optionRoutes,
        bookingOptionRoutes,
        guestRegisterRoutes,
        taxRoutes,
        invoiceRoutes,
        precheckinRoutes,
        minpakuRoutes,
        refusalRoutes,
        supplierRoutes,
        faqRoutes,
        mailAddressRoutes,
        receivedMailRoutes,
        mailMessageRoutes,
        mailPublicationRoutes,
        mailTemplateRoutes,
        bookMailRoutes,
        syncSettingRoutes,
        syncItemRoutes,
        syncLogRoutes,
        bookSyncRoutes,
        syncCheckRoutes,
        syncHealthRoutes,
        timesheetRoutes,
        icalFeedRoutes,
        analyticsRoutes,
        pettyCashRoutes,
        jobRoutes,
      ]) {
        await typed.register(routes, ctx);
      }
    },
    { prefix: '/api' },
  );

  await registerConsole(app, ctx.config.CONSOLE_DIR);
  return app;
}
