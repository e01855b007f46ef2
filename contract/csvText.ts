/**
 * The text of a CSV file's bytes, decided the same way in the browser (the CSV screen's instant
 * check) and on the server (dry run and import): valid UTF-8 (with or without BOM) is UTF-8,
 * anything else is read as Shift_JIS, the encoding Japanese Excel saves "CSV (コンマ区切り)" in.
 * Only TextDecoder is used, so that the rule runs where Node's Buffer does not.
 */

export type CsvEncoding = 'utf-8' | 'shift_jis';

export interface CsvText {
  /** The text without its BOM. */
  text: string;
  encoding: CsvEncoding;
}

/** Control characters no CSV holds (NUL, ESC...): the mark of a binary file. */
// eslint-disable-next-line no-control-regex
const binaryChars = /[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F\u007F]/;

/** True when the text holds a character that only a binary file (an image, a PDF...) would. */
export const looksBinary = (text: string) => binaryChars.test(text);

export const dropBom = (text: string) => text.replace(/^\uFEFF/, '');

/** The file's text, or null when it is no text in UTF-8 or Shift_JIS. */
export function decodeCsvBytes(bytes: Uint8Array): CsvText | null {
  let text: string;
  let encoding: CsvEncoding;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    encoding = 'utf-8';
  } catch {
    try {
      text = new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
      encoding = 'shift_jis';
    } catch {
      return null;
    }
  }
  if (looksBinary(text)) return null;
  return { text: dropBom(text), encoding };
}
