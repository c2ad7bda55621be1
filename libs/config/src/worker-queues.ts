/**
 * The worker's queues, one per concern so a flood of one kind of job cannot starve the others
 * (as Mastodon's Sidekiq queues). libs/queue routes every job kind to one of them; WORKER_QUEUES
 * picks the ones a worker process consumes. They are listed here, below libs/queue, because the
 * configuration must refuse unknown names at boot. A new queue is one more name in this list.
 */
export const QUEUE_NAMES = [
  'default',
  'push',
  'mailers',
  'scheduler',
  'media',
  'federation.deliver',
  'ingress',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** A queue a worker consumes, and how many of its jobs it runs at once. */
export interface WorkerQueue {
  name: QueueName;
  concurrency: number;
}

/** One entry of WORKER_QUEUES; without a concurrency the queue takes WORKER_CONCURRENCY. */
export type WorkerQueueRequest = Pick<WorkerQueue, 'name'> &
  Partial<Pick<WorkerQueue, 'concurrency'>>;

export const MAX_WORKER_CONCURRENCY = 100;

const isQueueName = (name: string): name is QueueName =>
  (QUEUE_NAMES as readonly string[]).includes(name);

/** Reads WORKER_QUEUES: comma-separated queue names, each optionally with `:concurrency`. */
export function parseWorkerQueues(text: string): WorkerQueueRequest[] | { problem: string } {
  const queues: WorkerQueueRequest[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = /^([a-z._-]+)(?::(\d+))?$/.exec(entry);
    if (!match) {
      return {
        problem: `has "${entry}" where a queue name, optionally with :concurrency, belongs`,
      };
    }
    const [, name, concurrency] = match;
    if (!isQueueName(name)) {
      return { problem: `names an unknown queue "${name}" (queues: ${QUEUE_NAMES.join(', ')})` };
    }
    if (queues.some((queue) => queue.name === name)) {
      return { problem: `names the queue "${name}" twice` };
    }
    if (concurrency === undefined) {
      queues.push({ name });
      continue;
    }
    const count = Number(concurrency);
    if (count < 1 || count > MAX_WORKER_CONCURRENCY) {
      return { problem: `gives "${name}" a concurrency outside 1-${MAX_WORKER_CONCURRENCY}` };
    }
    queues.push({ name, concurrency: count });
  }
  return queues;
}
