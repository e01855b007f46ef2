import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../../contract/messages';
import type { ApiErrorBody } from '../../contract/messages';
import { answerError } from './errorHandler';

/**
 * Fastify's `frameworkErrors`: a request refused before routing (a path that is not valid
 * percent-encoding, `GET /api/%c0%ae`; a path parameter too long). Such an answer passes none of
 * the hooks, so what they add is added here: the security headers, no-store, the log line. The
 * body is the app's shape from the one error handler, never Fastify's, which quotes the path.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({ ...request.server.securityHeaders, 'cache-control': 'no-store' });
  void answerError(err, request, reply);
  request.log.info({ req: request, res: { statusCode: reply.statusCode } }, 'request completed');
}

/** What Node's HTTP parser refuses (Node's 'clientError'), as status and the app's body. */
function clientErrorAnswer(code: string | undefined): { status: number; body: ApiErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: { code: 'headers_too_large', message: errorMessages.headersTooLarge } };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: { code: 'request_timeout', message: errorMessages.network } };
  }
  return { status: 400, body: { code: 'invalid_request', message: errorMessages.invalidRequest } };
}

/**
 * Fastify's `clientErrorHandler` (`this` is the app): a request Node's parser could not read (a
 * malformed request line, headers past the 16 kB limit, headers too slow). Fastify's own answer is
 * English JSON without the security headers; this one is ours, written straight to the socket
 * (there is no request to answer through), and closes the connection as Node does.
 */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorAnswer(err.code);
  // Only the code: the error's rawPacket holds what was sent, headers and tokens included.
  this.log.info({ code: err.code, status }, 'request refused by the HTTP parser');
  // Node's own rule: never write into an answer of an earlier request that is already under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const json = JSON.stringify(body);
    const headers: Record<string, string | number> = {
      ...this.securityHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(json),
      'Cache-Control': 'no-store',
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${json}`);
  }
  socket.destroy(err);
}
