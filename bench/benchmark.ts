import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@nestodon/config';
import { DataSource } from 'typeorm';

/** What a benchmark's setup can use: the running api, its configuration and its database. */
export interface BenchContext {
  app: NestExpressApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** Where the api listens, e.g. http://127.0.0.1:41234 */
  url: string;
}

/** One request of the sequence each connection sends in turn. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A multipart body every request sends (uploads): files by path, as autocannon reads them. */
export type MultipartForm = Record<
  string,
  { type: 'file'; path: string } | { type: 'text'; value: string }
>;

/**
 * A file in bench/benchmarks/ default-exports one of these. `setup` runs once against the fresh
 * database before the load starts; whatever it returns is handed to `requests` (tokens, ids).
 */
export interface Benchmark<State = void> {
  description: string;
  setup?(ctx: BenchContext): Promise<State> | State;
  requests: BenchRequest[] | ((ctx: BenchContext, state: State) => BenchRequest[]);
  /** The multipart body of every request (its own `body` aside), built by the load generator. */
  form?: (ctx: BenchContext, state: State) => MultipartForm;
  /** Status every response must have; anything else fails the run. Default 200. */
  expectedStatus?: number;
  /** Where the load goes instead of the api (the floor benchmark's own server). */
  target?: (ctx: BenchContext, state: State) => string;
  /**
   * Runs once the measured load is over (or failed), before the api closes: figures only known
   * then (how long until feeds are complete), and closing what setup started.
   */
  afterLoad?(ctx: BenchContext, state: State, measured: boolean): Promise<void> | void;
}

/** Identity function that gives a benchmark file its types. */
export function defineBenchmark<State = void>(benchmark: Benchmark<State>): Benchmark<State> {
  return benchmark;
}
