import type { BrowserContext, Page } from 'playwright-core';
import { contextOptions, launchChromium, signInThroughForm } from './browser';

/**
 * The calendar page in headless Chromium: from navigation start to the first week's bookings on
 * screen. A script installed before any page script watches the DOM for a booking chip
 * (`[data-book-id]`) inside a day cell (`[data-date]`) of the first week row (`.cal-week`, or the
 * first day cell when the page shows a day list), notes performance.now() when it appears, and
 * again after the next animation frame and a task (the frame that paints it has been produced).
 */

/** What one navigation measured, in ms from navigation start (performance.timeOrigin). */
export interface CalendarRun {
  /** Until the first week's first chip is in the DOM. */
  inDomMs: number;
  /** Until the frame after it (requestAnimationFrame, then a task): the chip has been painted. */
  paintedMs: number;
  /** The HTML document's answer complete, and DOMContentLoaded handled (module scripts ran). */
  documentMs: number;
  domContentLoadedMs: number;
  /** Last same-origin script loaded. */
  scriptsEndMs: number;
  /** GET /api/admin/books: request sent, first byte, last byte. */
  books: {
    startMs: number;
    firstByteMs: number;
    endMs: number;
    transferBytes: number;
    bodyBytes: number;
    decodedBytes: number;
  } | null;
  /** Other API calls before the chips (token refresh, accommodations, rooms...): path and end. */
  apiBefore: { path: string; startMs: number; endMs: number }[];
  /** Long tasks (over 50 ms) between the books answer's last byte and the painted frame. */
  longTasksAfterBooksMs: number;
  longTasksAfterBooks: number;
  /** Chips and day cells in the page once painted. */
  chips: number;
  dayCells: number;
  weeks: number;
  /** content-encoding of the books answer, and the accept-encoding Chromium sent for it. */
  booksEncoding: string;
  booksAcceptEncoding: string;
  /** Same-origin scripts: path, request start and end. */
  scripts: { file: string; startMs: number; endMs: number }[];
  /**
   * Main-thread time of the page from navigation to the painted frame (Chromium's Performance
   * metrics over CDP, read once the chip is painted): JavaScript, style recalculation, layout, and
   * all tasks together.
   */
  mainThread: { scriptMs: number; recalcStyleMs: number; layoutMs: number; taskMs: number } | null;
}

export interface CalendarReport {
  chromium: string;
  url: string;
  selector: string;
  signInMs: number;
  warmup: CalendarRun;
  runs: CalendarRun[];
  /** One more run in a new context (same session, empty HTTP cache). */
  coldCache: CalendarRun | null;
  /** JSON.parse of the books answer in the page, alone: median of 5 (ms); null without the text. */
  jsonParseMs: number | null;
}

/**
 * Runs in the page before its own scripts (addInitScript). Kept as text: tsx would wrap named
 * functions of a serialised function with a helper the page does not have.
 */
const PROBE = `(() => {
  const mark = { longTasks: [] };
  window.__calendarProbe = mark;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) mark.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  const find = () => {
    const week = document.querySelector('.cal-week');
    if (week) return week.querySelector('[data-date] [data-book-id]');
    const day = document.querySelector('.cal-list [data-date]');
    return day ? day.querySelector('[data-book-id]') : null;
  };
  const observer = new MutationObserver(() => {
    if (mark.inDom !== undefined || !find()) return;
    mark.inDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      mark.frame = performance.now();
      setTimeout(() => {
        mark.painted = performance.now();
        mark.chips = document.querySelectorAll('[data-date] [data-book-id]').length;
        mark.dayCells = document.querySelectorAll('[data-date]').length;
        mark.weeks = document.querySelectorAll('.cal-week').length;
      }, 0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function collect(
  page: Page,
  encoding: string,
  mainThread: CalendarRun['mainThread'],
): Promise<Omit<CalendarRun, 'booksAcceptEncoding'>> {
  const raw = await page.evaluate(() => {
    const mark = (window as any).__calendarProbe;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const origin = location.origin;
    const scripts = resources.filter((r) => r.initiatorType === 'script' || /\.js(\?|$)/.test(r.name));
    const books = resources.find((r) => r.name.startsWith(`${origin}/api/admin/books?`));
    const api = resources
      .filter((r) => r.name.startsWith(`${origin}/api/`) || r.name.startsWith(`${origin}/oauth/`))
      .filter((r) => r.responseEnd <= (mark.inDom ?? Infinity))
      .map((r) => ({ path: new URL(r.name).pathname, startMs: r.startTime, endMs: r.responseEnd }));
    return {
      inDom: mark.inDom as number,
      painted: mark.painted as number,
      document: nav?.responseEnd ?? NaN,
      dcl: nav?.domContentLoadedEventEnd ?? NaN,
      scriptsEnd: Math.max(0, ...scripts.filter((r) => r.name.startsWith(origin)).map((r) => r.responseEnd)),
      books: books
        ? {
            startMs: books.startTime,
            firstByteMs: books.responseStart,
            endMs: books.responseEnd,
            transferBytes: books.transferSize,
            bodyBytes: books.encodedBodySize,
            decodedBytes: books.decodedBodySize,
          }
        : null,
      api,
      longTasks: mark.longTasks as { start: number; duration: number }[],
      chips: mark.chips as number,
      dayCells: mark.dayCells as number,
      weeks: mark.weeks as number,
      scripts: scripts
        .filter((r) => r.name.startsWith(origin))
        .map((r) => ({ file: new URL(r.name).pathname, startMs: r.startTime, endMs: r.responseEnd })),
    };
  });
  const after = raw.books?.endMs ?? raw.painted;
  const tasks = raw.longTasks.filter((t) => t.start + t.duration > after && t.start < raw.painted);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    inDomMs: r1(raw.inDom),
    paintedMs: r1(raw.painted),
    documentMs: r1(raw.document),
    domContentLoadedMs: r1(raw.dcl),
    scriptsEndMs: r1(raw.scriptsEnd),
    books: raw.books
      ? {
          ...raw.books,
          startMs: r1(raw.books.startMs),
          firstByteMs: r1(raw.books.firstByteMs),
          endMs: r1(raw.books.endMs),
        }
      : null,
    apiBefore: raw.api.map((a) => ({ path: a.path, startMs: r1(a.startMs), endMs: r1(a.endMs) })),
    longTasksAfterBooksMs: r1(tasks.reduce((s, t) => s + t.duration, 0)),
    longTasksAfterBooks: tasks.length,
    chips: raw.chips,
    dayCells: raw.dayCells,
    weeks: raw.weeks,
    booksEncoding: encoding,
    scripts: raw.scripts.map((x) => ({ file: x.file, startMs: r1(x.startMs), endMs: r1(x.endMs) })),
    mainThread,
  };
}

/** One navigation in a new tab of `context`, until the chip is painted (or `timeoutMs`). */
async function navigate(context: BrowserContext, url: string, timeoutMs: number): Promise<CalendarRun> {
  const page = await context.newPage();
  let encoding = 'none seen';
  let accept = 'none seen';
  page.on('response', (res) => {
    if (!res.url().includes('/api/admin/books?')) return;
    encoding = res.headers()['content-encoding'] ?? 'identity';
    res
      .request()
      .allHeaders()
      .then((h) => (accept = h['accept-encoding'] ?? 'none'))
      .catch(() => undefined);
  });
  const cdp = await context.newCDPSession(page).catch(() => null);
  await cdp?.send('Performance.enable').catch(() => undefined);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(() => (window as any).__calendarProbe?.painted !== undefined, undefined, {
        timeout: timeoutMs,
        polling: 100,
      });
    } catch {
      const state = await page
        .evaluate(() => ({
          url: location.href,
          cells: document.querySelectorAll('[data-date]').length,
          chips: document.querySelectorAll('[data-book-id]').length,
          text: document.body.innerText.slice(0, 300),
        }))
        .catch(() => null);
      throw new Error(`no booking chip in the first week after ${timeoutMs} ms; the page: ${JSON.stringify(state)}`);
    }
    let mainThread: CalendarRun['mainThread'] = null;
    if (cdp) {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? NaN) * 1000);
      mainThread = {
        scriptMs: metric('ScriptDuration'),
        recalcStyleMs: metric('RecalcStyleDuration'),
        layoutMs: metric('LayoutDuration'),
        taskMs: metric('TaskDuration'),
      };
    }
    return { ...(await collect(page, encoding, mainThread)), booksAcceptEncoding: accept };
  } finally {
    await page.close();
  }
}

/**
 * Signs in through the login form, then opens the calendar of `accommodationId` in a new tab once
 * to warm up and `runs` times measured (HTTP cache warm, like a user coming back), and once in a
 * new context with the same session (empty cache).
 */
export async function measureCalendar(
  baseUrl: string,
  accommodationId: number,
  runs: number,
  booksJson: string | null = null,
): Promise<CalendarReport> {
  const browser = await launchChromium();
  const timeoutMs = 60_000;
  try {
    const options = contextOptions;
    const context = await browser.newContext(options);
    context.setDefaultTimeout(30_000);
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    const signInMs = Math.round(await signInThroughForm(page, baseUrl));
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);

    const url = `${baseUrl}/m/accommodation/${accommodationId}`;
    const warmup = await navigate(context, url, timeoutMs);
    const measured: CalendarRun[] = [];
    for (let i = 0; i < runs; i++) measured.push(await navigate(context, url, timeoutMs));

    let jsonParseMs: number | null = null;
    if (booksJson !== null) {
      const times = await page.evaluate((text) => {
        const out: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          JSON.parse(text);
          out.push(performance.now() - t0);
        }
        return out.sort((a, b) => a - b);
      }, booksJson);
      jsonParseMs = Math.round((times[2] ?? NaN) * 10) / 10;
    }

    const state = await context.storageState();
    const fresh = await browser.newContext({ ...options, storageState: state });
    fresh.setDefaultTimeout(30_000);
    await fresh.addInitScript({ content: PROBE });
    const coldCache = await navigate(fresh, url, timeoutMs).catch(() => null);
    await fresh.close();
    await context.close();
    return {
      chromium: browser.version(),
      url: `/m/accommodation/${accommodationId}`,
      selector: '.cal-week (first) [data-date] [data-book-id]',
      signInMs,
      warmup,
      runs: measured,
      coldCache,
      jsonParseMs,
    };
  } finally {
    await browser.close();
  }
}
