/** What bench/run.ts needs from each benchmark (bench/foundation.ts, later bookings, prices). */
export interface BenchOptions {
  /** false with --no-build: measure the console already in dist/. */
  build: boolean;
}

export interface Benchmark {
  name: string;
  /** One line for `npm run bench -- --help`. */
  description: string;
  /** Measures, prints its tables to stdout, and returns the results written to bench/results/<name>.json. */
  run(options: BenchOptions): Promise<Record<string, unknown>>;
}
