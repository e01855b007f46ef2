// Adds up every report in a folder (Vitest and Playwright JSON, and our own check files) and
// prints the closing line CI reads: `N passed, N failed`. Exits 1 when anything failed or no
// test ran at all.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    console.log(`${file}: unreadable report, counted as one failure`);
    failed += 1;
    continue;
  }
  if (file.startsWith('check-')) {
    passed += report.passed;
    failed += report.failed;
  } else if ('numPassedTests' in report) {
    // Vitest: a file that failed to load has no tests but counts as a failure.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    const brokenFiles = (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && r.assertionResults.length === 0,
    );
    failed += brokenFiles.length;
    for (const r of brokenFiles) console.log(`${path.relative(process.cwd(), r.name)}: failed to run: ${r.message}`);
    // An error outside any test (a bad config, an unhandled rejection) fails the run as a whole.
    if (report.success === false && report.numFailedTests === 0 && brokenFiles.length === 0) {
      console.log(`${file}: the run reported errors outside the tests, counted as one failure`);
      failed += 1;
    }
  } else if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    failed += (report.errors ?? []).length;
  } else {
    console.log(`${file}: unknown report, counted as one failure`);
    failed += 1;
  }
}

if (passed + failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
