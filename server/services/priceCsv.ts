import {
  MAX_PRICE_CSV_BYTES,
  PRICE_CSV_HEADER,
  priceCsvLine,
  priceMessages,
  type PriceInput,
} from '../../contract/price';
import { AppError, badRequest } from '../errors';

/**
 * The bytes of a price CSV file: what is refused before reading it (too large 413, not a text
 * file 415) and how it is read: valid UTF-8 (with or without BOM) is UTF-8, anything else is
 * read as Shift_JIS, the encoding Japanese Excel saves "CSV (コンマ区切り)" in.
 */

export const payloadTooLarge = () => new AppError(413, 'payload_too_large', priceMessages.tooLarge);
export const notCsv = () => new AppError(415, 'unsupported_media_type', priceMessages.notCsv);

/** Types a browser or a mail client gives a .csv file; anything else (image/png, application/pdf...) is refused. */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

export function isCsvMimetype(mimetype: string | undefined): boolean {
  if (!mimetype) return true;
  return CSV_TYPES.has(mimetype.split(';')[0]!.trim().toLowerCase());
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const shiftJis = new TextDecoder('shift_jis', { fatal: true });

/** Control characters no CSV holds (NUL, ESC...): the mark of a binary file. */
// eslint-disable-next-line no-control-regex
const binaryChars = /[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F\u007F]/;

/** The text of the file, or 415 when it is no text in UTF-8 or Shift_JIS; 413 above the limit. */
export function decodeCsv(bytes: Buffer | string): { text: string; encoding: 'utf-8' | 'shift_jis' } {
  if (typeof bytes === 'string') {
    if (Buffer.byteLength(bytes) > MAX_PRICE_CSV_BYTES) throw payloadTooLarge();
    if (binaryChars.test(bytes)) throw notCsv();
    return { text: bytes.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  }
  if (bytes.length > MAX_PRICE_CSV_BYTES) throw payloadTooLarge();
  let text: string;
  let encoding: 'utf-8' | 'shift_jis';
  try {
    text = utf8.decode(bytes);
    encoding = 'utf-8';
  } catch {
    try {
      text = shiftJis.decode(bytes);
      encoding = 'shift_jis';
    } catch {
      throw notCsv();
    }
  }
  if (binaryChars.test(text)) throw notCsv();
  return { text: text.replace(/^\uFEFF/, ''), encoding };
}

/** The multipart field `csv`: a file (Buffer) or a text field; 400 when missing. */
export function csvField(body: unknown): Buffer | string {
  const value = (body as Record<string, unknown> | null | undefined)?.csv;
  const one = Array.isArray(value) ? value[0] : value;
  if (Buffer.isBuffer(one) || typeof one === 'string') return one;
  throw badRequest(priceMessages.noFile, { csv: priceMessages.noFile });
}

/**
 * The file Japanese Excel opens as it is: UTF-8 with a BOM (without it Excel reads Shift_JIS and
 * garbles the header), CRLF line ends, a Japanese header, one row per date and headcount.
 */
export function priceCsvBytes(prices: readonly PriceInput[]): Buffer {
  const lines = [PRICE_CSV_HEADER.join(','), ...prices.map(priceCsvLine)];
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}
