import type { BenchRequest, MultipartForm } from './benchmark';

/** The part of autocannon's options and results the harness uses (autocannon ships no types). */
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: BenchRequest[];
  form?: MultipartForm;
  workers?: number;
  timeout?: number;
}

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonInstance {
  stop(): void;
}

type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const autocannon = require('autocannon') as Autocannon;

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  requests: BenchRequest[];
  /** A multipart body for every request, built in the load generator's thread. */
  form?: MultipartForm;
}

export interface LoadResult {
  /** Mean of the per-second request counts. */
  requestsPerSecond: number;
  latencyAverageMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  seconds: number;
  errors: number;
  timeouts: number;
  /** Responses per status code. */
  statusCodes: Record<string, number>;
}

export interface RunningLoad {
  result: Promise<LoadResult>;
  stop(): void;
}

/**
 * Sends the requests in a loop over `connections` keep-alive connections for `duration` seconds.
 * autocannon runs in a worker thread, so the load generator does not share the event loop of
 * the api it measures (they still share the machine's cores).
 */
export function generateLoad(options: LoadOptions): RunningLoad {
  let instance: AutocannonInstance | undefined;
  const result = new Promise<LoadResult>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        requests: options.requests,
        form: options.form,
        workers: 1,
        timeout: 10,
      },
      (error, raw) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: raw.requests.average,
          latencyAverageMs: raw.latency.average,
          latencyP50Ms: raw.latency.p50,
          latencyP99Ms: raw.latency.p99,
          latencyMaxMs: raw.latency.max,
          totalRequests: raw.requests.total,
          seconds: raw.duration,
          errors: raw.errors,
          timeouts: raw.timeouts,
          statusCodes: Object.fromEntries(
            Object.entries(raw.statusCodeStats).map(([code, { count }]) => [code, count]),
          ),
        });
      },
    );
  });
  return { result, stop: () => instance?.stop() };
}
