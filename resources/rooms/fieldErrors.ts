import { HttpError } from '../../dataProvider/http';

/** The field messages a refused call carries (`errors: { field: 日本語 }`). */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof HttpError)) return out;
  const body = error.body as { errors?: Record<string, unknown> } | null | undefined;
  for (const f of fields) {
    const m = body?.errors?.[f];
    if (typeof m === 'string') out[f] = m;
  }
  return out;
}
