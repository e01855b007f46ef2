import { apiUrl } from '../config';
import { httpClient, type QueryValue } from '../httpClient';

/** A file the server wrote (a CSV, a PDF), ready to save (src/components/CsvDownloadButton.tsx). */
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

/** GET a path's PDF (format=pdf in the query) as the server wrote it, named as the server names it or else `fallback`. */
export async function downloadPdf(
  path: string,
  query: Record<string, QueryValue>,
  fallback: string,
): Promise<CsvDownload> {
  const answer = await httpClient<Blob>(apiUrl(path), {
    query,
    headers: { Accept: 'application/pdf' },
    responseType: 'blob',
  });
  return {
    filename: attachmentName(answer.headers.get('content-disposition'), fallback),
    blob: new Blob([answer.json], { type: 'application/pdf' }),
  };
}
