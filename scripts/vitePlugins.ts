import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each text file of the build, once, so
 * that the server sends them as they are (@fastify/static preCompressed) instead of compressing
 * every answer again on the fly: the first load waits for no compression.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'yadoban-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * A signed-in page under /m/ needs the react-admin shell and, on a calendar's address, the
 * calendar's code: chunks the entry asks for only once it has loaded and run. This adds a small
 * script (a file: the CSP allows no inline script) that, on such an address with the session
 * cookie, asks for them at once with <link rel="modulepreload">, beside the entry. The login page
 * at '/' fetches nothing more.
 */
export function shellPreload(options: {
  shells: string[];
  /**
   * A page's chunks for addresses matching `pattern`. `first`: a first paint drawn before the
   * shell; on its addresses the shell's and the other pages' chunks wait for `deferEvent` on
   * window (or `deferFallbackMs`).
   */
  pages: { pattern: string; module: string; first?: boolean }[];
  deferEvent: string;
  deferFallbackMs: number;
}): Plugin {
  let base = '/';
  return {
    name: 'yadoban-shell-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('src/main.tsx'));
      const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      /** A chunk and the chunks it imports statically, without those the entry loads anyway. */
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName) || alreadyLoaded.has(fileName)) return into;
        into.add(fileName);
        for (const dep of chunks.find((c) => c.fileName === fileName)?.imports ?? []) closure(dep, into);
        return into;
      };
      const url = (f: string) => `${base}${f}`;
      const shellFiles = new Set<string>();
      for (const module of options.shells) {
        const chunk = byModule(module);
        if (!chunk) this.error(`shellPreload: no chunk for ${module}`);
        closure(chunk.fileName, shellFiles);
      }
      const pages = options.pages.map((p) => {
        const chunk = byModule(p.module);
        if (!chunk) this.error(`shellPreload: no chunk for ${p.module}`);
        const files = [...closure(chunk.fileName)].filter((f) => !shellFiles.has(f));
        return { pattern: p.pattern, first: Boolean(p.first), files: files.map(url) };
      });
      const source = `(function () {
  var path = location.pathname;
  if (path.indexOf('/m/') !== 0 || !/(^|; )yadoban_token=/.test(document.cookie)) return;
  var files = ${JSON.stringify([...shellFiles].map(url))};
  var pages = ${JSON.stringify(pages)};
  var first = [];
  pages.forEach(function (p) {
    if (!new RegExp(p.pattern).test(path)) return;
    if (p.first) first = first.concat(p.files);
    else files = files.concat(p.files);
  });
  function preload(list) {
    list.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  if (first.length === 0) return preload(files);
  preload(first);
  var done = false;
  function rest() {
    if (done) return;
    done = true;
    preload(files);
  }
  window.addEventListener(${JSON.stringify(options.deferEvent)}, rest, { once: true });
  setTimeout(rest, ${options.deferFallbackMs});
})();
`;
      this.emitFile({ type: 'asset', fileName: 'assets/shell-preload.js', source });
    },
    transformIndexHtml: {
      order: 'post',
      // The console's page only: the guest's pre-check-in page (checkin.html) loads none of the shell.
      handler: (_html, context) =>
        context.filename.endsWith('index.html')
          ? [{ tag: 'script', attrs: { src: `${base}assets/shell-preload.js`, async: true }, injectTo: 'head-prepend' }]
          : [],
    },
  };
}
