import { apiUrl } from '../config';
import { httpClient, type QueryValue } from '../httpClient';

/** A CSV the server wrote, ready to save (src/components/useCsvDownload.ts). */
export interface CsvDownload {
  filename: string;
  blob: Blob;
}

/** The file name of a content-disposition header (filename* first), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!.trim());
    } catch {
      // a malformed name: try the plain one
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

/**
 * GET a path's CSV (format=csv in the query) as the server wrote it (one writer: BOM, CRLF, formulas
 * neutralised), named as the server names it or else `fallback`. httpClient reads the answer as text
 * (the decoder drops the BOM), so the file is rebuilt here as UTF-8 with its BOM, its CRLF untouched.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, QueryValue>,
  fallback: string,
): Promise<CsvDownload> {
  const answer = await httpClient<string>(apiUrl(path), {
    query,
    headers: { Accept: 'text/csv' },
    responseType: 'text',
  });
  const text = answer.body.replace(/^\uFEFF/, '');
  return {
    filename: attachmentName(answer.headers.get('content-disposition'), fallback),
    blob: new Blob(['\uFEFF' + text], { type: 'text/csv;charset=utf-8' }),
  };
}
