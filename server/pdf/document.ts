import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The server's PDFs (the guest register; receipts next): pdfkit, with Noto Sans from the npm
 * packages @expo-google-fonts/noto-sans-jp, -kr and -sc (one TrueType file per weight), embedded
 * as a subset of the glyphs the document uses, so its text can be searched and copied. Japanese is
 * set in Noto Sans JP; a text it lacks glyphs for (a Korean address in Hangul, a Chinese one in
 * simplified hanzi) in the first of KR and SC that has them all.
 */
const require = createRequire(import.meta.url);

interface Face {
  name: string;
  file: string;
}

const face = (language: 'jp' | 'kr' | 'sc', weight: '400Regular' | '700Bold'): Face => {
  const family = `NotoSans${language.toUpperCase()}`;
  return {
    name: `${family}-${weight}`,
    file: `@expo-google-fonts/noto-sans-${language}/${weight}/${family}_${weight}.ttf`,
  };
};

export const REGULAR = face('jp', '400Regular').name;
export const BOLD = face('jp', '700Bold').name;
const FACES = [face('jp', '400Regular'), face('jp', '700Bold')];
/** The faces a text falls back to, in order, when Noto Sans JP lacks one of its glyphs. */
const FALLBACKS = [face('kr', '400Regular'), face('sc', '400Regular')];

/** Each file read once, when a document first needs it (5 to 10 MB each). */
const loaded = new Map<string, { bytes: Buffer; font: fontkit.Font }>();
function load(f: Face) {
  let found = loaded.get(f.name);
  if (!found) {
    const bytes = readFileSync(require.resolve(f.file));
    found = { bytes, font: fontkit.create(bytes) as fontkit.Font };
    loaded.set(f.name, found);
  }
  return found;
}

const covers = (font: fontkit.Font, text: string) =>
  [...text].every((c) => c.trim() === '' || font.hasGlyphForCodePoint(c.codePointAt(0)!));

/** The face to set a text in: Noto Sans JP's when it has every glyph, else the first fallback that does. */
export function faceFor(doc: PDFKit.PDFDocument, text: string, preferred = REGULAR): string {
  const first = FACES.find((f) => f.name === preferred)!;
  if (covers(load(first).font, text)) return preferred;
  for (const fallback of FALLBACKS) {
    const { bytes, font } = load(fallback);
    if (covers(font, text)) {
      doc.registerFont(fallback.name, bytes);
      return fallback.name;
    }
  }
  return preferred;
}

export interface PdfOptions {
  layout: 'portrait' | 'landscape';
  margin: number;
  title: string;
  author: string;
}

/** A new A4 document with the Japanese fonts registered, and its bytes once `end()` is called. */
export function newPdf(options: PdfOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margin: options.margin,
    bufferPages: true,
    info: { Title: options.title, Author: options.author, Creator: 'Yadoban' },
    lang: 'ja',
    displayTitle: true,
  });
  for (const f of FACES) doc.registerFont(f.name, load(f).bytes);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** "1 / 3" at the foot of every page, once the pages are all laid out. */
export function numberPages(doc: PDFKit.PDFDocument, size = 8): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page: lift the margin while writing.
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(size)
      .text(`${i - start + 1} / ${count}`, doc.page.margins.left, doc.page.height - bottom / 2 - size / 2, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
