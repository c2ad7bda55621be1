import '@nestodon/config/require-node';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import type { DataSource } from 'typeorm';
import type { Benchmark, BenchRequest, MultipartForm } from './benchmark';
import { BenchEnvironment, startBenchEnvironment, startReplicas } from './environment';
import { generateLoad, LoadResult, RunningLoad } from './load';

/**
 * `npm run bench -- <name>… [--connections N] [--duration S] [--warmup S]`: for each benchmark
 * in turn, boots the api in-process on a fresh database, loads it with autocannon over
 * 127.0.0.1, prints requests per second and p99 latency, then shuts everything down. With
 * several, a summary follows, each as a share of `floor` when that ran too.
 */
const BENCHMARKS_DIR = join(__dirname, 'benchmarks');
const USAGE =
  'usage: npm run bench -- <name>… [--connections N] [--duration S] [--warmup S]\n' +
  '  several names run in turn, then a summary (each as a share of floor, if it ran)\n' +
  '  --connections  concurrent keep-alive connections (default 50)\n' +
  '  --duration     seconds measured (default 10)\n' +
  '  --warmup       seconds of unmeasured load first (default 2, 0 to skip)\n' +
  '  --replicas     api processes sharing the port (default 1; the others are forked after setup)';

class UsageError extends Error {}
class Interrupted extends Error {}
/** The api answered, but not as the benchmark expects: no point measuring it. */
class PreflightFailure extends Error {}

interface Options {
  names: string[];
  connections: number;
  duration: number;
  warmup: number;
  replicas: number;
}

function parseOptions(argv: string[]): Options | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        connections: { type: 'string', short: 'c' },
        duration: { type: 'string', short: 'd' },
        warmup: { type: 'string', short: 'w' },
        replicas: { type: 'string', short: 'r' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('name at least one benchmark');
  return {
    names: positionals,
    connections: integer('connections', values.connections, 50, 1, 1000),
    duration: integer('duration', values.duration, 10, 1, 300),
    warmup: integer('warmup', values.warmup, 2, 0, 60),
    replicas: integer('replicas', values.replicas, 1, 1, 8),
  };
}

function integer(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
  return n;
}

function availableBenchmarks(): string[] {
  return readdirSync(BENCHMARKS_DIR)
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.slice(0, -3))
    .sort();
}

function loadBenchmark(name: string): Benchmark<unknown> {
  const file = join(BENCHMARKS_DIR, `${name}.js`);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name) || !existsSync(file)) {
    throw new UsageError(
      `no benchmark "${name}"; available: ${availableBenchmarks().join(', ') || 'none'}`,
    );
  }
  const loaded = require(file);
  const benchmark = (loaded.default ?? loaded) as Benchmark<unknown>;
  if (typeof benchmark.description !== 'string' || !benchmark.requests) {
    throw new Error(`bench/benchmarks/${name}.ts must export { description, requests, setup? }`);
  }
  return benchmark;
}

function say(message: string) {
  process.stdout.write(`bench: ${message}\n`);
}

/** autocannon reports whole milliseconds except for averages. */
const ms = (value: number) =>
  Number.isInteger(value) || value >= 10 ? String(Math.round(value)) : value.toFixed(1);

let interrupt: (() => void) | undefined;
const interrupted = new Promise<never>((_resolve, reject) => {
  interrupt = () => reject(new Interrupted('interrupted'));
});
interrupted.catch(() => undefined);
let currentLoad: RunningLoad | undefined;
process.once('SIGINT', () => {
  say('interrupted; stopping');
  currentLoad?.stop();
  interrupt?.();
});
const orInterrupt = <T>(promise: Promise<T>) => Promise.race([promise, interrupted]);

/** Counts the queries the api's data source sends (every query passes its logger) until stopped. */
function countQueries(dataSource: DataSource): { stop(): number } {
  const logger = dataSource.logger;
  const original = logger.logQuery;
  let count = 0;
  logger.logQuery = function (...args: Parameters<typeof original>) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop() {
      logger.logQuery = original;
      return count;
    },
  };
}

/**
 * With BENCH_CPU_PROFILE=<path prefix>, the main thread (the api; autocannon has its own) is
 * profiled over the measured seconds only, not boot and setup: open it in Chrome's DevTools.
 */
async function startProfile(): Promise<{ stopInto(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stopInto(file) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** One request of each kind before the load, so a broken endpoint fails loudly and early. */
async function preflight(
  url: string,
  requests: BenchRequest[],
  expected: number,
  form: MultipartForm | undefined,
): Promise<void> {
  for (const request of requests) {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body ?? (form ? await formData(form) : undefined),
    });
    const body = await response.text();
    if (response.status !== expected) {
      throw new PreflightFailure(
        `${request.method ?? 'GET'} ${request.path} answered ${response.status}, expected ` +
          `${expected}: ${body.slice(0, 300)}`,
      );
    }
  }
}

async function formData(form: MultipartForm): Promise<FormData> {
  const data = new FormData();
  for (const [name, part] of Object.entries(form)) {
    if (part.type === 'text') data.append(name, part.value);
    else data.append(name, new Blob([await readFile(part.path)]), part.path.split('/').pop());
  }
  return data;
}

async function measure(
  url: string,
  requests: BenchRequest[],
  connections: number,
  duration: number,
  form: MultipartForm | undefined,
): Promise<LoadResult> {
  currentLoad = generateLoad({ url, requests, connections, duration, form });
  try {
    return await orInterrupt(currentLoad.result);
  } finally {
    currentLoad = undefined;
  }
}

/**
 * `cpuMs`: CPU time of this process (the api and the load generator's thread) over the measured
 * seconds; per request it varies less with other load on the machine than requests per second.
 */
function report(
  name: string,
  options: Options,
  result: LoadResult,
  expected: number,
  cpuMs: number,
  queries: number,
): boolean {
  const load = (() => {
    try {
      return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    } catch {
      return 'unknown';
    }
  })();
  const statuses = Object.entries(result.statusCodes)
    .map(([code, count]) => `${count} × ${code}`)
    .join(', ');
  process.stdout.write(
    `\n${name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${ms(result.latencyP99Ms)} ms ` +
      `(${options.connections} connections, ${options.duration} s` +
      `${options.replicas > 1 ? `, ${options.replicas} api processes` : ''})\n` +
      `  latency avg ${ms(result.latencyAverageMs)} ms, p50 ${ms(result.latencyP50Ms)} ms, ` +
      `max ${ms(result.latencyMaxMs)} ms; ${result.totalRequests} requests in ` +
      `${result.seconds.toFixed(1)} s (${statuses || 'no responses'}); ` +
      `${result.errors} errors, ${result.timeouts} timeouts; load average ${load}\n` +
      `  CPU of this process (api and load generator): ` +
      `${(cpuMs / Math.max(result.totalRequests, 1)).toFixed(2)} ms a request; ` +
      `PostgreSQL queries of the api: ${(queries / Math.max(result.totalRequests, 1)).toFixed(2)} a request\n`,
  );
  const unexpected = Object.keys(result.statusCodes).filter((code) => Number(code) !== expected);
  const ok = result.totalRequests > 0 && result.errors === 0 && unexpected.length === 0;
  if (!ok) say(`FAILED: expected only ${expected} responses and no errors`);
  return ok;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(`${USAGE}\nbenchmarks: ${availableBenchmarks().join(', ')}\n`);
    return 0;
  }
  const benchmarks = options.names.map((name) => [name, loadBenchmark(name)] as const);
  const results: Array<{ name: string; result: LoadResult | null }> = [];
  let failed = false;
  for (const [name, benchmark] of benchmarks) {
    const result = await runOne(name, benchmark, options);
    results.push({ name, result });
    if (!result) failed = true;
  }
  if (results.length > 1) summarise(results);
  return failed ? 1 : 0;
}

/** One line per benchmark; with `floor` among them, each as a share of its requests per second. */
function summarise(results: Array<{ name: string; result: LoadResult | null }>): void {
  const floor = results.find((entry) => entry.name === 'floor')?.result;
  process.stdout.write('\nsummary:\n');
  for (const { name, result } of results) {
    if (!result) {
      process.stdout.write(`  ${name.padEnd(20)} failed\n`);
      continue;
    }
    const share =
      floor && name !== 'floor'
        ? `, ${((100 * result.requestsPerSecond) / floor.requestsPerSecond).toFixed(0)} % of floor`
        : '';
    process.stdout.write(
      `  ${name.padEnd(20)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s, ` +
        `p99 ${ms(result.latencyP99Ms)} ms${share}\n`,
    );
  }
}

/** Runs one benchmark on a fresh environment; its result, or null when it failed. */
async function runOne(
  name: string,
  benchmark: Benchmark<unknown>,
  options: Options,
): Promise<LoadResult | null> {
  const expected = benchmark.expectedStatus ?? 200;
  say(`${name}: ${benchmark.description}`);

  let environment: BenchEnvironment | undefined;
  let replicas: { stop(): Promise<void> } | undefined;
  let afterLoad: ((measured: boolean) => Promise<void>) | undefined;
  let measured = false;
  try {
    say('recreating the database and starting the api');
    environment = await startBenchEnvironment();
    const context = environment;
    const state = await orInterrupt(Promise.resolve(benchmark.setup?.(environment)));
    if (benchmark.afterLoad) {
      const hook = benchmark.afterLoad.bind(benchmark);
      afterLoad = async (done) => hook(context, state, done);
    }
    const url = benchmark.target?.(environment, state) ?? environment.url;
    const requests =
      typeof benchmark.requests === 'function'
        ? benchmark.requests(environment, state)
        : benchmark.requests;
    if (requests.length === 0) throw new Error('the benchmark sends no requests');
    const form = benchmark.form?.(environment, state);
    if (options.replicas > 1) {
      say(`starting ${options.replicas - 1} more api process(es) on the same port`);
      replicas = await orInterrupt(
        startReplicas(options.replicas - 1, Number(new URL(environment.url).port)),
      );
    }
    // With a shared upload only the first request is checked: the others differ by token alone.
    await orInterrupt(preflight(url, form ? requests.slice(0, 1) : requests, expected, form));

    if (options.warmup > 0) {
      say(`warming up for ${options.warmup} s`);
      await measure(url, requests, options.connections, options.warmup, form);
    }
    say(`measuring ${options.duration} s with ${options.connections} connections`);
    const profile = process.env.BENCH_CPU_PROFILE ? await startProfile() : undefined;
    const queries = countQueries(environment.dataSource);
    const cpuBefore = process.cpuUsage();
    const result = await measure(url, requests, options.connections, options.duration, form);
    const cpu = process.cpuUsage(cpuBefore);
    const queryCount = queries.stop();
    if (profile) {
      const file = `${process.env.BENCH_CPU_PROFILE}.${name}.cpuprofile`;
      await profile.stopInto(file);
      say(`CPU profile of the measured seconds (the api's thread) written to ${file}`);
    }
    measured = true;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return report(name, options, result, expected, cpuMs, queryCount) ? result : null;
  } finally {
    await afterLoad?.(measured);
    await replicas?.stop();
    if (environment) {
      say('shutting down');
      await environment.stop();
    }
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof UsageError) {
      process.stderr.write(`bench: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof Interrupted) process.exit(130);
    if (error instanceof PreflightFailure) {
      process.stderr.write(`bench: FAILED: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  });
