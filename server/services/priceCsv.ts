import { MAX_PRICE_CSV_BYTES, priceCsvText, priceMessages, type PriceInput } from '../../contract/price';
import { decodeCsvBytes, dropBom, looksBinary, type CsvText } from '../../contract/csvText';
import { AppError, badRequest } from '../errors';

/**
 * The bytes of a price CSV file: what is refused before reading it (too large 413, not a text
 * file 415); how it is read (UTF-8, else Shift_JIS) is the shared rule of contract/csvText.ts.
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

/** The text of the file, or 415 when it is no text in UTF-8 or Shift_JIS; 413 above the limit. */
export function decodeCsv(bytes: Buffer | string): CsvText {
  if (typeof bytes === 'string') {
    if (Buffer.byteLength(bytes) > MAX_PRICE_CSV_BYTES) throw payloadTooLarge();
    if (looksBinary(bytes)) throw notCsv();
    return { text: dropBom(bytes), encoding: 'utf-8' };
  }
  if (bytes.length > MAX_PRICE_CSV_BYTES) throw payloadTooLarge();
  const decoded = decodeCsvBytes(bytes);
  if (!decoded) throw notCsv();
  return decoded;
}

/** The multipart field `csv`: a file (Buffer) or a text field; 400 when missing. */
export function csvField(body: unknown): Buffer | string {
  const value = (body as Record<string, unknown> | null | undefined)?.csv;
  const one = Array.isArray(value) ? value[0] : value;
  if (Buffer.isBuffer(one) || typeof one === 'string') return one;
  throw badRequest(priceMessages.noFile, { csv: priceMessages.noFile });
}

/** The export: the text of contract's priceCsvText (BOM, CRLF) as UTF-8 bytes. */
export function priceCsvBytes(prices: readonly PriceInput[]): Buffer {
  return Buffer.from(priceCsvText(prices), 'utf8');
}
