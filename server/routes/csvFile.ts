import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV the one writer made (contract/csvWriter.ts) as a file, as its bytes, for every CSV
 * route (bookings, prices, analysis, petty cash): an ASCII name for every client and, when given, the Japanese one as filename* (RFC 5987/6266) for the rest.
 */
export function sendCsvFile(reply: FastifyReply, csv: string | Uint8Array, name: { ascii: string; utf8?: string }) {
  const utf8 = name.utf8 ? `; filename*=UTF-8''${encodeURIComponent(name.utf8)}` : '';
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name.ascii}"${utf8}`)
    .send(typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv);
}
