import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import { Injectable } from '@nestjs/common';
import { JobName, JobQueue } from '@nestodon/queue';

/**
 * Fedify's inbox queue over our BullMQ `ingress` queue: the api verifies a delivery, answers
 * 202 and enqueues it here; the worker's ProcessInboundActivity job hands it back to Fedify
 * (`processQueuedTask`), which runs the handler. Fedify's own retries come back as delayed jobs.
 */
@Injectable()
export class IngressQueue implements MessageQueue {
  constructor(private readonly jobs: JobQueue) {}

  async enqueue(message: object, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0;
    // Fedify retries failed handlers itself; BullMQ retrying too would repeat them.
    await this.jobs.enqueue(JobName.ProcessInboundActivity, { message }, { delay, attempts: 1 });
  }

  /** BullMQ consumers in the worker take the messages; Fedify's own loop is never started. */
  async listen(): Promise<void> {
    throw new Error('The ingress queue is consumed by the worker through BullMQ');
  }
}
