import autocannon from 'autocannon';

export interface LoadResult {
  connections: number;
  durationS: number;
  /** Headers sent with every request (besides authorization, left out of the report). */
  headers: Record<string, string>;
  requests: number;
  requestsPerS: number;
  latencyMs: { median: number; p90: number; p99: number; max: number; mean: number };
  /** Answers that were not 2xx, errors (connection failures) and timeouts. */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean bytes per second received (bodies as sent). */
  bytesPerS: number;
}

/**
 * autocannon against one URL from this process: `connections` keep-alive connections for
 * `durationS` seconds, each sending its next request as soon as the answer is complete.
 */
export async function loadTest(
  url: string,
  options: {
    connections: number;
    durationS: number;
    headers: Record<string, string>;
    reportHeaders?: Record<string, string>;
  },
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers,
    timeout: 30,
  });
  return {
    connections: options.connections,
    durationS: options.durationS,
    headers: options.reportHeaders ?? {},
    requests: r.requests.total,
    requestsPerS: Math.round(r.requests.average * 10) / 10,
    latencyMs: {
      median: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: Math.round(r.latency.average * 10) / 10,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerS: Math.round(r.throughput.average),
  };
}
