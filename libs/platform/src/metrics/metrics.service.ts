import { Inject, Injectable } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
  Registry,
} from 'prom-client';

/** The name of the process whose metrics these are (`api`, `streaming`, `worker`). */
export const METRICS_PROCESS = Symbol('METRICS_PROCESS');

/** Latency buckets in seconds, from a cached read to a slow federation request. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus registry of one application, with Node's default metrics (memory, CPU,
 * event-loop lag, GC, handles) and a `process` label on every series. A registry per
 * application rather than prom-client's global one, so several apps in one test process do not
 * collide; each layer defines its own metrics here (`nestodon_` names).
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  constructor(@Inject(METRICS_PROCESS) readonly processName: string) {
    this.registry.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: this.registry, prefix: 'nestodon_' });
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ buckets: LATENCY_BUCKETS, ...config, registers: [this.registry] });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
