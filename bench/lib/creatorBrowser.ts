import type { Page } from 'playwright-core';
import { daysBetween } from '../../contract/dates';
import { contextOptions, launchChromium, signInThroughForm } from './browser';

/**
 * The price creator (resources/plans/prices/PriceCreator.tsx) in headless Chromium, on a plan of 10
 * headcounts and a period of a year: how long the preview grid takes to show after the end date
 * is picked, and, while a base price is typed, from the last keystroke to the painted grid with the
 * price it implies, the longest task and how long each keystroke waits for its frame.
 *
 * A script installed before the page's own notes every keydown (its event time) and input event
 * (performance.now() in a capturing listener, then the frame after it: requestAnimationFrame and a
 * task), long tasks and Event Timing entries; a MutationObserver watches one cell of the preview
 * for an expected text and notes when it appears and the frame after it ("painted").
 */

/** One keystroke: keydown's event time, its input event handled, the frame after the input painted. */
export interface Keystroke {
  key: string;
  downMs: number;
  /** From keydown to the input event's handler (input delay plus keydown's own handlers). */
  toInputMs: number | null;
  /** From keydown to the frame after the input event (requestAnimationFrame, then a task). */
  toFrameMs: number | null;
}

export interface LongTask {
  startMs: number;
  durationMs: number;
}

/** The first render: the end date's last digit typed, until the year of rows is painted. */
export interface FirstRender {
  /** What the times start from: the last keystroke's input event, or its keydown when it fired none. */
  from: 'input' | 'keydown';
  /** From the last keystroke's input event (else its keydown) to the last row in the DOM. */
  inDomMs: number;
  /** ...to the frame after it: the grid has been painted. */
  paintedMs: number;
  rows: number;
  cells: number;
  longestTaskMs: number;
  longTasks: LongTask[];
}

/** One base price typed: select-all, then the digits, each keystroke acknowledged before the next. */
export interface TypingRun {
  typed: string;
  expected: string;
  /** Pause between keystrokes (0: as fast as the browser takes them). */
  delayMs: number;
  from: 'input' | 'keydown';
  /** From the last keystroke's input event to the expected price in the watched cell. */
  inDomMs: number;
  /** ...to the frame after it: the grid shows the price that keystroke implies. */
  paintedMs: number;
  /** From the first keydown to the painted grid. */
  wholeMs: number;
  /** Times the watched cell changed on the way (grids committed for the intermediate prices). */
  gridUpdates: number;
  keystrokes: Keystroke[];
  /** Long tasks (over 50 ms) between the first keydown and the painted grid. */
  longTasks: LongTask[];
  longestTaskMs: number;
  /** Event Timing: the longest keyboard interaction, keydown to the next paint (Chromium, 8 ms steps). */
  longestInteractionMs: number | null;
}

export interface CreatorReport {
  chromium: string;
  url: string;
  period: { start: string; end: string };
  headcounts: number;
  signInMs: number;
  firstRender: { warmup: FirstRender[]; runs: FirstRender[] };
  typing: { delayMs: number; warmup: TypingRun[]; runs: TypingRun[] }[];
}

export interface CreatorOptions {
  accommodationId: number;
  planId: number;
  headcounts: number;
  start: string;
  end: string;
  warmup: number;
  runs: number;
  /** Pauses between keystrokes to measure, e.g. [0, 100]. */
  typingDelaysMs: readonly number[];
  /** The base prices typed in turn (warm-up first), each a new value; and the text a cell shows for it. */
  basePrices: readonly string[];
  cellText: (basePrice: number) => string;
}

/** Kept as text: tsx would wrap named functions of a serialised function with a helper the page lacks. */
const PROBE = `(() => {
  const p = { longTasks: [], interactions: [], keys: [], w: null };
  window.__creatorProbe = p;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) p.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.interactionId) p.interactions.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch (e) {}
  const afterFrame = (done) =>
    requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
  document.addEventListener('keydown', (e) => {
    p.keys.push({ key: e.key, down: e.timeStamp });
  }, true);
  document.addEventListener('input', () => {
    const at = performance.now();
    p.lastInput = at;
    const k = p.keys[p.keys.length - 1];
    if (!k || k.input !== undefined) return;
    k.input = at;
    afterFrame((t) => { k.frame = t; });
  }, true);
  p.reset = () => {
    p.keys = [];
    p.lastInput = undefined;
    if (p.w) p.w.observer.disconnect();
    p.w = null;
  };
  // Watches the first element matching selector until its text is text (or, for null, until it exists).
  p.watch = (selector, text) => {
    const w = { changes: 0 };
    const initial = document.querySelector(selector);
    w.last = initial ? initial.textContent : null;
    w.observer = new MutationObserver(() => {
      const el = document.querySelector(selector);
      const now = performance.now();
      const t = el ? el.textContent : null;
      if (t !== w.last) { w.last = t; w.changes++; }
      if (w.inDom === undefined && el && (text === null || t === text)) {
        w.inDom = now;
        w.observer.disconnect();
        afterFrame((t2) => { w.painted = t2; });
      }
    });
    w.observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    p.w = w;
  };
})();`;

interface ProbeState {
  keys: { key: string; down: number; input?: number; frame?: number }[];
  lastInput: number | null;
  inDom: number;
  painted: number;
  changes: number;
  longTasks: { start: number; duration: number }[];
  interactions: { name: string; start: number; duration: number }[];
  rows: number;
  cells: number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

async function arm(page: Page, selector: string, text: string | null): Promise<void> {
  await page.evaluate(
    ([s, t]) => {
      const p = (window as any).__creatorProbe;
      p.reset();
      p.watch(s, t);
    },
    [selector, text] as const,
  );
}

/** Waits for the painted mark, lets late long tasks be reported, and reads the probe. */
async function harvest(page: Page, timeoutMs: number): Promise<ProbeState> {
  await page.waitForFunction(() => (window as any).__creatorProbe?.w?.painted !== undefined, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const p = (window as any).__creatorProbe;
    const table = document.querySelector('[data-testid="price-preview"]');
    return {
      keys: p.keys,
      lastInput: p.lastInput ?? null,
      inDom: p.w.inDom,
      painted: p.w.painted,
      changes: p.w.changes,
      longTasks: p.longTasks,
      interactions: p.interactions,
      // The period's rows (data-rows); the cells in the page: only the rows in view and around them.
      rows: table ? Number(table.getAttribute('data-rows')) : 0,
      cells: table ? table.querySelectorAll('tbody td').length : 0,
    };
  });
}

function tasksBetween(s: ProbeState, from: number, to: number): LongTask[] {
  return s.longTasks
    .filter((t) => t.start + t.duration > from && t.start < to)
    .map((t) => ({ startMs: r1(t.start - from), durationMs: r1(t.duration) }));
}

const longest = (tasks: readonly LongTask[]) => Math.max(0, ...tasks.map((t) => t.durationMs));

/** The last keystroke's input event, or its keydown when it fired none (after the keydown). */
function lastInputAt(s: ProbeState): { at: number; from: 'input' | 'keydown' } {
  const last = s.keys[s.keys.length - 1];
  if (!last) throw new Error('no keystroke was seen by the page');
  if (last.input !== undefined) return { at: last.input, from: 'input' };
  if (s.lastInput !== null && s.lastInput >= last.down) return { at: s.lastInput, from: 'input' };
  return { at: last.down, from: 'keydown' };
}

/** Clicks a picker's first section (年) and types the date's digits, as e2e/catalogue.spec.ts does. */
async function typeDate(page: Page, group: string, digits: string): Promise<void> {
  await page.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** The period's first row: in view once the grid is painted (the preview renders the rows in view). */
const firstRow = (start: string) => `[data-testid="price-preview"] tr[data-date="${start}"]`;

/** A fresh load of the creator, the start date typed, then the end date's last digit measured. */
async function firstRender(page: Page, url: string, o: CreatorOptions): Promise<FirstRender> {
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('group', { name: '開始日' }).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await typeDate(page, '開始日', o.start.replaceAll('-', ''));
  const digits = o.end.replaceAll('-', '');
  await typeDate(page, '終了日', digits.slice(0, -1));
  await arm(page, firstRow(o.start), null);
  await page.keyboard.type(digits.slice(-1));
  const s = await harvest(page, 60_000);
  const { at: t0, from } = lastInputAt(s);
  const tasks = tasksBetween(s, t0, s.painted);
  return {
    from,
    inDomMs: r1(s.inDom - t0),
    paintedMs: r1(s.painted - t0),
    rows: s.rows,
    cells: s.cells,
    longestTaskMs: longest(tasks),
    longTasks: tasks,
  };
}

/** Selects the base price and types `value`, measured until the first row's last cell shows its price. */
async function typeBasePrice(page: Page, o: CreatorOptions, value: string, delayMs: number): Promise<TypingRun> {
  const input = page.getByRole('spinbutton', { name: '1名あたり（円）' });
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  const expected = o.cellText(Number(value));
  await arm(page, `${firstRow(o.start)} td:last-child`, expected);
  await page.keyboard.type(value, { delay: delayMs });
  const s = await harvest(page, 60_000);
  const { at: t0, from } = lastInputAt(s);
  const first = s.keys[0]?.down ?? t0;
  const tasks = tasksBetween(s, first, s.painted);
  const interactions = s.interactions.filter((e) => e.start >= first && e.start <= s.painted);
  const typedValue = await input.inputValue();
  if (typedValue !== value) throw new Error(`the base price reads ${typedValue} after typing ${value}`);
  return {
    typed: value,
    expected,
    delayMs,
    from,
    inDomMs: r1(s.inDom - t0),
    paintedMs: r1(s.painted - t0),
    wholeMs: r1(s.painted - first),
    gridUpdates: s.changes,
    keystrokes: s.keys.map((k) => ({
      key: k.key,
      downMs: r1(k.down - first),
      toInputMs: k.input === undefined ? null : r1(k.input - k.down),
      toFrameMs: k.frame === undefined ? null : r1(k.frame - k.down),
    })),
    longTasks: tasks,
    longestTaskMs: longest(tasks),
    longestInteractionMs: interactions.length > 0 ? Math.max(...interactions.map((e) => e.duration)) : null,
  };
}

/**
 * Signs in through the form, then: `warmup` + `runs` first renders (each a fresh load of the
 * creator), and for each typing delay `warmup` + `runs` base prices typed into the last loaded page,
 * whose grid shows the year.
 */
export async function measureCreator(baseUrl: string, o: CreatorOptions): Promise<CreatorReport> {
  const path = `/m/accommodation/${o.accommodationId}/plan/${o.planId}/price/creator`;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(contextOptions);
    context.setDefaultTimeout(30_000);
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    const signInMs = Math.round(await signInThroughForm(page, baseUrl));

    const rows = daysBetween(o.start, o.end) + 1;
    const renders: FirstRender[] = [];
    for (let i = 0; i < o.warmup + o.runs; i++) {
      const r = await firstRender(page, `${baseUrl}${path}`, o);
      if (r.rows !== rows || r.cells === 0 || r.cells % o.headcounts !== 0) {
        throw new Error(`the preview has ${r.rows} rows and ${r.cells} cells in the page; ${rows} rows expected`);
      }
      renders.push(r);
    }
    // The holiday steps show once the holiday table is loaded: typing starts on a settled page.
    await page.getByRole('spinbutton', { name: '祝日', exact: true }).waitFor({ state: 'visible' });

    const prices = [...o.basePrices];
    const typing: CreatorReport['typing'] = [];
    for (const delayMs of o.typingDelaysMs) {
      const done: TypingRun[] = [];
      for (let i = 0; i < o.warmup + o.runs; i++) {
        const value = prices.shift();
        if (value === undefined) throw new Error('not enough base prices to type');
        done.push(await typeBasePrice(page, o, value, delayMs));
      }
      typing.push({ delayMs, warmup: done.slice(0, o.warmup), runs: done.slice(o.warmup) });
    }
    await context.close();
    return {
      chromium: browser.version(),
      url: path,
      period: { start: o.start, end: o.end },
      headcounts: o.headcounts,
      signInMs,
      firstRender: { warmup: renders.slice(0, o.warmup), runs: renders.slice(o.warmup) },
      typing,
    };
  } finally {
    await browser.close();
  }
}
