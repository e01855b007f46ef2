import Papa from 'papaparse';
import { isMailAddress, type Recipient } from '../../../contract/mailPublication';

/**
 * The recipient CSV of bulk mail (spec 5: first column mail, second name), as staff export it:
 * UTF-8 with or without a BOM, or Shift_JIS / CP932 from Japanese Excel. Addresses are
 * deduplicated case-insensitively (the first line wins); every line that is not a recipient is
 * listed with its line number and why, never dropped silently. A first line whose first cell
 * holds no @ is a header (メールアドレス,名前) and is skipped. Empty lines are skipped.
 */
export type CsvEncoding = 'utf-8' | 'shift_jis';

export interface CsvProblem {
  /** 1-based line of the file where the record starts. */
  line: number;
  /** What the line held (its first cell), for staff to find it. */
  text: string;
  reason: string;
}

export interface RecipientCsv {
  encoding: CsvEncoding;
  recipients: Recipient[];
  invalid: CsvProblem[];
  /** Lines whose address was already listed earlier in the file. */
  duplicates: CsvProblem[];
}

export const recipientCsvMessages = {
  invalidMail: 'メールアドレスの形式が正しくありません',
  nameInvalid: '名前に使用できない文字（改行などの制御文字）が含まれているか、100文字を超えています',
  duplicate: '同じメールアドレスが前の行にあります',
} as const;

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise Shift_JIS (CP932). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // The WHATWG shift_jis decoder is Windows-31J (CP932): ①, ㈱ and NEC/IBM extensions included.
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}

const NAME_RULE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{0,100}$/u;

export function parseRecipientCsv(bytes: Uint8Array, alreadyListed: Iterable<string> = []): RecipientCsv {
  const { text, encoding } = decodeCsv(bytes);
  const body = text.replace(/^\uFEFF/, '');
  const seen = new Set([...alreadyListed].map((m) => m.toLowerCase()));
  const result: RecipientCsv = { encoding, recipients: [], invalid: [], duplicates: [] };

  // Each record with the line it starts on (a quoted cell may hold line breaks): the parser's
  // cursor says where the previous record ended.
  const records: { cells: string[]; line: number }[] = [];
  const breakChar = body.includes('\n') ? '\n' : '\r';
  let line = 1;
  let from = 0;
  Papa.parse<string[]>(body, {
    skipEmptyLines: false,
    step: (row) => {
      records.push({ cells: row.data, line });
      const to = row.meta.cursor;
      for (let i = from; i < to; i += 1) if (body[i] === breakChar) line += 1;
      from = to;
    },
  });

  records.forEach((record, index) => {
    const lineNo = record.line;
    const cells = record.cells.map((c) => c.trim());
    if (cells.every((c) => c === '')) return;
    const mail = cells[0] ?? '';
    const name = cells[1] ?? '';
    if (index === 0 && !mail.includes('@')) return; // a header
    if (!isMailAddress(mail)) {
      result.invalid.push({ line: lineNo, text: mail, reason: recipientCsvMessages.invalidMail });
      return;
    }
    if (!NAME_RULE.test(name)) {
      result.invalid.push({ line: lineNo, text: mail, reason: recipientCsvMessages.nameInvalid });
      return;
    }
    const key = mail.toLowerCase();
    if (seen.has(key)) {
      result.duplicates.push({ line: lineNo, text: mail, reason: recipientCsvMessages.duplicate });
      return;
    }
    seen.add(key);
    result.recipients.push({ mail, name: name === '' ? null : name });
  });
  return result;
}
