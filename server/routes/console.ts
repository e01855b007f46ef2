import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sitePaths } from '../../contract/apiPaths';
import { errorMessages } from '../../contract/messages';
import { z } from '../../contract/zod';

const apiPrefixes = ['/api/', '/oauth/', '/ical/'];

/** Text, scripts, styles, JSON, SVG...: what @fastify/compress or the build's .br/.gz can encode. */
const compressibleType =
  /^(text\/|application\/(javascript|json|xml|manifest\+json|wasm)|image\/svg\+xml)|\+(json|xml)\b/i;

/**
 * A path the app's client-side routes never use: a file under /assets/, or anything that looks like
 * a file (an extension in its last segment) outside the console's routes under /m/ (where a guest's
 * mail is a segment: /m/books/guest@example.com). A missing one is a 404, not index.html: a tab
 * still open after a new release gets a plain failed load for its old script, which it can answer
 * by reloading, instead of HTML in its place.
 */
function isFilePath(url: string): boolean {
  if (url.startsWith('/assets/')) return true;
  if (url.startsWith('/m/')) return false;
  return /\.[^/.]+$/.test(url.slice(url.lastIndexOf('/') + 1));
}

/**
 * An answer that can differ by Accept-Encoding (the build's .br or .gz, @fastify/compress, or
 * neither) says so, so that a cache keeps each encoding apart (assets are kept a year).
 */
function varyOnEncoding(reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!compressibleType.test(type)) return;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * The built console: its files, and index.html for every other GET so that client-side routes
 * (`/`, `/m/...`) load the app. Unknown API paths and missing files answer the JSON 404 instead.
 */
export async function registerConsole(app: FastifyInstance, consoleDir: string): Promise<void> {
  const root = path.resolve(consoleDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  // At the root, so on every answer: the console's files, index.html from the 404 handler, and the
  // API's JSON (which @fastify/compress only marks when it compresses, above 1 kB).
  app.addHook('onSend', (_request, reply, payload, done) => {
    varyOnEncoding(reply);
    done(null, payload);
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild while running is served at once.
      wildcard: true,
      // The build writes .br and .gz beside each file (scripts/vitePlugins.ts): sent as they are.
      preCompressed: true,
      index: 'index.html',
      // Our own cache-control below (send's default would be 'public, max-age=0').
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The guest's pre-check-in page: its own small entry (checkin.html); the token in the address is
  // read by the page, which asks the public API. Never kept by a cache: the address is a key.
  app.get(
    sitePaths.checkinPage,
    {
      schema: {
        summary: "The guest's pre-check-in page (public): a link made in the console opens it",
        tags: ['guest register'],
        security: [],
        params: z.object({ token: z.string().max(100) }),
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!hasBuild) {
        return reply.status(404).send({ code: 'not_found', message: errorMessages.routeNotFound });
      }
      return reply.type('text/html').sendFile('checkin.html');
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => url.startsWith(p)) || url === '/api';
    if (request.method === 'GET' && !isApi && !isFilePath(url) && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ code: 'not_found', message: errorMessages.routeNotFound });
  });
}
