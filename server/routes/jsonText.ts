import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the database already wrote (json_build_object). Fastify sends a string as it is, so the
 * response schema documents the answer without parsing and re-serialising thousands of rows.
 */
export function sendJsonText(reply: FastifyReply, json: string, status = 200) {
  return reply.status(status).type('application/json; charset=utf-8').send(json);
}
