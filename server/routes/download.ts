import type { FastifyReply } from 'fastify';

export type FileName = { ascii: string; utf8?: string };

/**
 * Sends a file to download: an ASCII name for every client and, when given, the Japanese one as
 * filename* (RFC 5987/6266) for the rest.
 */
export function sendDownload(reply: FastifyReply, type: string, bytes: Uint8Array, name: FileName) {
  const utf8 = name.utf8 ? `; filename*=UTF-8''${encodeURIComponent(name.utf8)}` : '';
  return reply.type(type).header('content-disposition', `attachment; filename="${name.ascii}"${utf8}`).send(bytes);
}

/**
 * Sends a CSV the one writer made (contract/csvWriter.ts) as a file, as its bytes, for every CSV
 * route (bookings, prices, analysis, petty cash, the guest register).
 */
export function sendCsvFile(reply: FastifyReply, csv: string | Uint8Array, name: FileName) {
  return sendDownload(reply, 'text/csv; charset=utf-8', typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv, name);
}

/** Sends a PDF the server made (server/pdf) as a file. */
export function sendPdfFile(reply: FastifyReply, pdf: Uint8Array, name: FileName) {
  return sendDownload(reply, 'application/pdf', pdf, name);
}
