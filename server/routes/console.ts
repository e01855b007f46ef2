import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../../contract/messages';

const apiPrefixes = ['/api/', '/oauth/', '/ical/'];

/**
 * The built console: its files, and index.html for every other GET so that client-side routes
 * (`/`, `/m/...`) load the app. Unknown API paths answer the JSON 404 instead.
 */
export async function registerConsole(app: FastifyInstance, consoleDir: string): Promise<void> {
  const root = path.resolve(consoleDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => url.startsWith(p)) || url === '/api';
    if (request.method === 'GET' && !isApi && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ code: 'not_found', message: errorMessages.routeNotFound });
  });
}
