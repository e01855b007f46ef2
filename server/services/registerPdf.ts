import { dateJa, dateTimeJa, tokyoMinute } from '../../contract/dates';
import type { Licence } from '../../contract/guestRegister';
import { LICENCE_LABELS } from '../../contract/registerLabels';
import type { RegisterRow } from '../../contract/registerList';
import { BOLD, newPdf, numberPages, REGULAR } from '../pdf/document';
import { drawTable } from '../pdf/table';
import { registerColumns } from './registerColumns';

export interface RegisterPdfInput {
  facility: string;
  settings: { licence: Licence; notification_number: string | null; extra_fields: Record<string, string> };
  from: string;
  to: string;
  rows: readonly RegisterRow[];
  printedAt: Date;
}

/** The ideographic space between the items of a heading's line. */
const GAP = '\u3000';

export const registerPdfMessages = { empty: 'この期間に宿泊者はいません。' } as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A cell as printed: dates as yyyy年M月d日, empty cells empty. */
const printed = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string' && isoDate.test(value)
      ? dateJa(value)
      : String(value);

/**
 * The register over dates as a printable A4 (landscape) PDF (issue 30): the facility, its licence and
 * number, the dates, then one row per guest in the columns of its CSV, the guests of one stay
 * together; Japanese text embedded as text, so it can be searched and copied.
 */
export async function registerPdf(input: RegisterPdfInput): Promise<Buffer> {
  const title = `宿泊者名簿 ${input.facility}`;
  const { doc, bytes } = newPdf({ layout: 'landscape', margin: 28, title, author: input.facility });
  doc.font(BOLD).fontSize(15).text('宿泊者名簿', { continued: false });
  const number = input.settings.notification_number
    ? `${GAP}届出番号・許可番号 ${input.settings.notification_number}`
    : '';
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(`${input.facility}${GAP}${LICENCE_LABELS[input.settings.licence]}${number}`)
    .text(
      `期間 ${dateJa(input.from)}〜${dateJa(input.to)}${GAP}${input.rows.length}人${GAP}出力日時 ${dateTimeJa(tokyoMinute(input.printedAt))}`,
    )
    .moveDown(0.5);
  const columns = registerColumns(input.settings);
  if (input.rows.length === 0) {
    doc.fontSize(10).text(registerPdfMessages.empty);
  } else {
    drawTable(
      doc,
      columns,
      input.rows.map((r) => columns.map((c) => printed(c.cell(r)))),
      {
        fontSize: 7,
        padding: 2.5,
        startsGroup: (i) => i > 0 && input.rows[i - 1]!.book_id !== input.rows[i]!.book_id,
      },
    );
  }
  numberPages(doc);
  doc.end();
  return bytes;
}
