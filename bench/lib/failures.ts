import { heading } from './format';

/**
 * The parts of a benchmark run that failed: each is kept under its name (the results' `errors`)
 * and printed, and the run goes on with the next part.
 */
export class Failures {
  readonly errors: Record<string, string> = {};

  /** Keeps and prints the failure of `name`, headed `title`. */
  note(name: string, error: unknown, title = `${name}: FAILED`): void {
    const message = error instanceof Error ? error.message : String(error);
    this.errors[name] = message;
    console.log(heading(title));
    console.log(message);
  }

  /** Runs one part; its failure is noted. */
  async section(name: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.note(name, e);
    }
  }
}
