import { BOLD, faceFor, REGULAR } from './document';

export interface PdfColumn {
  heading: string;
  /** The column's share of the page's width. */
  width: number;
  /** Amounts are set to the right. */
  align?: 'left' | 'right';
}

export interface PdfTableOptions {
  fontSize: number;
  padding: number;
  /** A heavier rule above a row that starts a new group (the guests of one stay). */
  startsGroup?: (index: number) => boolean;
}

/**
 * Draws a table from the current position to the foot of the pages it needs: cells wrap within
 * their column, a row never splits across pages, and the headings repeat on each new page.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  options: PdfTableOptions,
): void {
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * usable);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const { fontSize, padding } = options;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const heightOf = (cells: readonly string[], font: string) => {
    const lines = cells.map((text, i) =>
      doc
        .font(faceFor(doc, text, font))
        .fontSize(fontSize)
        .heightOfString(text || ' ', { width: widths[i]! - 2 * padding }),
    );
    return Math.max(...lines) + 2 * padding;
  };

  const drawRow = (cells: readonly string[], y: number, height: number, font: string, shade: boolean) => {
    if (shade) doc.rect(left, y, usable, height).fill('#eeeeee').fillColor('black');
    cells.forEach((text, i) => {
      doc.font(faceFor(doc, text, font)).fontSize(fontSize);
      doc.text(text, xs[i]! + padding, y + padding, {
        width: widths[i]! - 2 * padding,
        lineBreak: true,
        align: columns[i]!.align ?? 'left',
      });
    });
    doc.lineWidth(0.4).strokeColor('#888888');
    for (const x of [...xs, left + usable])
      doc
        .moveTo(x, y)
        .lineTo(x, y + height)
        .stroke();
    doc
      .moveTo(left, y + height)
      .lineTo(left + usable, y + height)
      .stroke();
  };

  const headings = columns.map((c) => c.heading);
  const headingHeight = heightOf(headings, BOLD);
  const drawHeadings = (y: number) => {
    doc
      .lineWidth(0.4)
      .strokeColor('#888888')
      .moveTo(left, y)
      .lineTo(left + usable, y)
      .stroke();
    drawRow(headings, y, headingHeight, BOLD, true);
    return y + headingHeight;
  };

  let y = drawHeadings(doc.y);
  rows.forEach((cells, index) => {
    const height = heightOf(cells, REGULAR);
    if (y + height > bottom()) {
      doc.addPage();
      y = drawHeadings(doc.page.margins.top);
    } else if (options.startsGroup?.(index)) {
      doc
        .lineWidth(1.2)
        .strokeColor('#333333')
        .moveTo(left, y)
        .lineTo(left + usable, y)
        .stroke();
    }
    drawRow(cells, y, height, REGULAR, false);
    y += height;
  });
  doc.x = left;
  doc.y = y;
}
