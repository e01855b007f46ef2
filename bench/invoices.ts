import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Benchmark } from './lib/benchmark';
import { heading, log, ms, table } from './lib/format';
import { signIn } from './lib/http';
import { demoServerEnv, startServer } from './lib/server';
import { percentile, round, summarize } from './lib/stats';

const WARMUP = 5;
const SAMPLES = 60;

/** One receipt of the demo's first booking with options, its number taken, stored and answered. */
async function issue(baseUrl: string, token: string, bookId: number): Promise<{ ms: number; id: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/admin/books/${bookId}/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'receipt', proviso: '宿泊代として' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { id: number };
  if (res.status !== 201) throw new Error(`POST invoices answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, id: body.id };
}

/** The receipt's PDF, the whole file read. */
async function pdf(baseUrl: string, token: string, id: number): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/admin/invoices/${id}?format=pdf`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`GET invoice PDF answered ${res.status}`);
  return { ms: performance.now() - t0, bytes };
}

/**
 * Receipts (issue 31): the time to issue one (number, lines, taxes, store) and to answer its A4 PDF
 * with the Japanese font embedded, one request at a time on the demo data (PGlite). Issue 31 asks a
 * receipt PDF's p95 under 300 ms.
 */
export const invoices: Benchmark = {
  name: 'invoices',
  description: 'issuing a receipt and answering its PDF (p95 of 60, after 5 warm-up)',
  async run() {
    const work = mkdtempSync(path.join(os.tmpdir(), 'yadoban-bench-invoices-'));
    try {
      const server = await startServer({ dataDir: path.join(work, 'db'), env: demoServerEnv });
      try {
        const { accessToken } = await signIn(server.baseUrl);
        const books = await fetch(`${server.baseUrl}/api/admin/books/unpaid`, {
          headers: { authorization: `Bearer ${accessToken}` },
        }).then((r) => r.json() as Promise<{ books?: { id: number }[] }>);
        const bookId = books.books?.[0]?.id ?? 1;
        log(`${WARMUP} + ${SAMPLES} receipts of booking ${bookId}, each issued then read as PDF`);
        const issued: number[] = [];
        const pdfs: number[] = [];
        let size = 0;
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          const made = await issue(server.baseUrl, accessToken, bookId);
          const file = await pdf(server.baseUrl, accessToken, made.id);
          size = file.bytes;
          if (i < WARMUP) continue;
          issued.push(made.ms);
          pdfs.push(file.ms);
        }
        const out = {
          samples: SAMPLES,
          issue: { ...summarize(issued), p95: round(percentile(issued, 0.95)) },
          pdf: { ...summarize(pdfs), p95: round(percentile(pdfs, 0.95)) },
          pdfBytes: size,
          target: { pdfP95Ms: 300 },
        };
        console.log(heading('receipts, one request at a time (PGlite, demo data)'));
        console.log(
          table(
            ['request', 'median', 'p95', 'max'],
            [
              ['POST /admin/books/{id}/invoices', ms(out.issue.median), ms(out.issue.p95), ms(out.issue.max)],
              ['GET /admin/invoices/{id}?format=pdf', ms(out.pdf.median), ms(out.pdf.p95), ms(out.pdf.max)],
            ],
          ),
        );
        return out;
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
