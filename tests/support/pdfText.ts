import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF as a reader sees it: each page's size in points and its text, as a viewer would find and copy it. */
export async function pdfPages(bytes: Uint8Array): Promise<{ width: number; height: number; text: string }[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    pages.push({ width, height, text: content.items.map((item) => ('str' in item ? item.str : '')).join('') });
  }
  await doc.destroy();
  return pages;
}
