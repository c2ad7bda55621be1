import { Queue, QueueOptions, RedisConnection } from 'bullmq';

/**
 * BullMQ's connection of a queue, minus one way to kill the process at shutdown. Closing a
 * queue removes its connection's listeners at once, even while the queue is still starting (its
 * Redis version check); when Redis then goes away (the process closes the shared connection) the
 * start fails and the connection emits 'error' to nobody, which an EventEmitter throws: an
 * unhandled rejection. An error nobody listens to any more is dropped here instead.
 */
export class ClosableConnection extends RedisConnection {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) return false;
    return super.emit(event, ...args);
  }
}

/** The queue class QueueModule registers: a BullMQ Queue on a ClosableConnection. */
export class ClosableQueue extends Queue {
  constructor(name: string, opts?: QueueOptions) {
    super(name, opts, ClosableConnection);
  }
}
