import { Inject, Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@nestodon/config';
import { Metrics } from '@nestodon/platform';
import {
  ConsumedJob,
  JOB_BACKEND,
  JOB_STATES,
  JobBackend,
  JobName,
  JobResults,
} from '@nestodon/queue';
import type { Counter, Histogram } from 'prom-client';

/**
 * Metrics of the worker's jobs: queue depth by state (read from the job backend at scrape time), the wait
 * from enqueue (or from the end of a delay) to start, run time and outcomes by queue and job
 * kind, and the feeds fan-out reached (its rate is the fan-out rate in feeds per second).
 */
@Injectable()
export class JobMetrics {
  private readonly wait: Histogram<'queue'>;
  private readonly duration: Histogram<'queue' | 'job'>;
  private readonly outcomes: Counter<'queue' | 'job' | 'outcome'>;
  private readonly fanOut: Counter<'feed'>;

  constructor(metrics: Metrics, @Inject(JOB_BACKEND) backend: JobBackend) {
    metrics.gauge({
      name: 'nestodon_queue_jobs',
      help: 'Jobs in each queue, by state',
      labelNames: ['queue', 'state'],
      async collect() {
        const counts = await Promise.all(QUEUE_NAMES.map((queue) => backend.counts(queue)));
        QUEUE_NAMES.forEach((queue, index) => {
          for (const state of JOB_STATES) this.set({ queue, state }, counts[index][state]);
        });
      },
    });
    this.wait = metrics.histogram({
      name: 'nestodon_job_wait_seconds',
      help: 'Time a job waited in its queue before a worker started it',
      labelNames: ['queue'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    });
    this.duration = metrics.histogram({
      name: 'nestodon_job_duration_seconds',
      help: 'Job run time, by queue and job kind',
      labelNames: ['queue', 'job'],
    });
    this.outcomes = metrics.counter({
      name: 'nestodon_jobs_total',
      help: 'Jobs run, by queue, job kind and outcome (completed, failed)',
      labelNames: ['queue', 'job', 'outcome'],
    });
    this.fanOut = metrics.counter({
      name: 'nestodon_fanout_feeds_total',
      help: 'Feeds new statuses were put into by fan-out, by kind (home, list, tag)',
      labelNames: ['feed'],
    });
  }

  /** Runs a job taken from `queue`, observing its wait, time and outcome. */
  async observe<T>(queue: string, job: ConsumedJob, run: () => Promise<T>): Promise<T> {
    this.wait.observe({ queue }, Math.max(0, Date.now() - job.dueAt) / 1000);
    const end = this.duration.startTimer({ queue, job: job.name });
    try {
      const result = await run();
      this.outcomes.inc({ queue, job: job.name, outcome: 'completed' });
      if (job.name === JobName.DistributeStatus) {
        const { feeds } = result as JobResults[typeof JobName.DistributeStatus];
        for (const [feed, count] of Object.entries(feeds)) this.fanOut.inc({ feed }, count);
      }
      return result;
    } catch (error) {
      this.outcomes.inc({ queue, job: job.name, outcome: 'failed' });
      throw error;
    } finally {
      end();
    }
  }
}
