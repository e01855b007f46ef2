import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { ADMIN } from './http';
import { sizeOf } from './bundle';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every page of the benchmarks: a Japanese desktop browser in Tokyo. */
export const contextOptions = { locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 800 } };

/** Headless Chromium as every benchmark runs it; throws when there is none at chromiumPath. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: 60_000,
  });
}

/**
 * Opens '/' and signs in through the login form as the demo administrator; returns the time from
 * the click on ログイン to the address /m/.
 */
export async function signInThroughForm(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.getByLabel('メールアドレス').fill(ADMIN.mail);
  await page.getByLabel('パスワード').fill(ADMIN.password);
  const t0 = performance.now();
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(/\/m\/$/);
  return performance.now() - t0;
}

export interface LoadedJs {
  file: string;
  /** Encoded body bytes the browser received (0 when served from its cache). */
  transferred: number;
  /** content-encoding of the answer ('identity' when none). */
  encoding: string;
  raw: number;
  gzip: number;
}

export interface PageJs {
  what: string;
  /** From the navigation (or the click) to the page's marker on screen; one run, for orientation. */
  visibleMs: number;
  js: LoadedJs[];
  transferred: number;
  raw: number;
  gzip: number;
}

export interface BrowserReport {
  chromium: string;
  loginPage: PageJs;
  loginPrefetch: PageJs;
  afterSignIn: PageJs;
  homeDirect: PageJs;
}

/** Records the same-origin scripts a context fetches, tagged with the phase current at the time. */
function recordScripts(context: BrowserContext, baseUrl: string, outDir: string) {
  let phase = '';
  const pending: Promise<{ phase: string; entry: LoadedJs } | null>[] = [];
  context.on('requestfinished', (req: Request) => {
    if (req.resourceType() !== 'script' || !req.url().startsWith(baseUrl)) return;
    const at = phase;
    pending.push(
      (async () => {
        const sizes = await req.sizes();
        const res = await req.response();
        const file = new URL(req.url()).pathname;
        const { raw, gzip } = sizeOf(outDir, file);
        const encoding = res?.headers()['content-encoding'] ?? 'identity';
        return { phase: at, entry: { file, transferred: sizes.responseBodySize, encoding, raw, gzip } };
      })().catch(() => null),
    );
  });
  return {
    set(next: string) {
      phase = next;
    },
    async take(what: string, name: string, visibleMs: number): Promise<PageJs> {
      const all = await Promise.all(pending);
      const js = all.filter((x) => x !== null && x.phase === name).map((x) => x!.entry);
      return {
        what,
        visibleMs: Math.round(visibleMs),
        js,
        transferred: js.reduce((s, f) => s + f.transferred, 0),
        raw: js.reduce((s, f) => s + f.raw, 0),
        gzip: js.reduce((s, f) => s + f.gzip, 0),
      };
    },
  };
}

async function settle(page: Page, extraMs: number): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  if (extraMs > 0) await page.waitForTimeout(extraMs);
}

/**
 * Which JS the login page and the home page really load, in headless Chromium: the login page
 * '/', what it fetches ahead while the user types, what signing in adds, and /m/ opened directly
 * in a new tab with the session (cold cache). `homeMarker` is a text the home page shows once loaded.
 */
export async function measurePages(baseUrl: string, outDir: string, homeMarker: string): Promise<BrowserReport> {
  const browser = await launchChromium();
  try {
    const options = contextOptions;
    const context = await browser.newContext(options);
    context.setDefaultTimeout(30_000);
    const rec = recordScripts(context, baseUrl, outDir);
    const page = await context.newPage();

    rec.set('login');
    let t0 = performance.now();
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.getByLabel('メールアドレス').waitFor({ state: 'visible' });
    const loginMs = performance.now() - t0;

    // The login page fetches the react-admin shell 1 s after it shows (src/App.tsx).
    rec.set('prefetch');
    await page.waitForTimeout(2_500);
    await settle(page, 0);

    rec.set('signin');
    await page.getByLabel('メールアドレス').fill(ADMIN.mail);
    await page.getByLabel('パスワード').fill(ADMIN.password);
    t0 = performance.now();
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/m\/$/);
    await page.getByText(homeMarker).first().waitFor({ state: 'visible' });
    const signInMs = performance.now() - t0;
    await settle(page, 500);

    const state = await context.storageState();
    rec.set('');
    const loginPage = await rec.take("login page '/' (until the form shows)", 'login', loginMs);
    const loginPrefetch = await rec.take("fetched ahead by '/' while the user types (1 s timer)", 'prefetch', 0);
    const afterSignIn = await rec.take(
      "more JS after clicking ログイン, until /m/ shows the company's list",
      'signin',
      signInMs,
    );

    const fresh = await browser.newContext({ ...options, storageState: state });
    fresh.setDefaultTimeout(30_000);
    const rec2 = recordScripts(fresh, baseUrl, outDir);
    const page2 = await fresh.newPage();
    rec2.set('home');
    t0 = performance.now();
    await page2.goto(`${baseUrl}/m/`, { waitUntil: 'load' });
    await page2.getByText(homeMarker).first().waitFor({ state: 'visible' });
    const homeMs = performance.now() - t0;
    await settle(page2, 500);
    rec2.set('');
    const homeDirect = await rec2.take('home /m/ opened directly, signed in, empty cache', 'home', homeMs);

    await fresh.close();
    await context.close();
    return { chromium: browser.version(), loginPage, loginPrefetch, afterSignIn, homeDirect };
  } finally {
    await browser.close();
  }
}
