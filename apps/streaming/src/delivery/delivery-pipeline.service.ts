import { Injectable, Logger } from '@nestjs/common';
import { decideStreamedStatus } from '@nestodon/policies';
import { StreamEvent, StreamMessage } from '@nestodon/pubsub';
import { Metrics } from '@nestodon/platform';
// The one serializer streaming needs, without the others (and sanitize-html through them).
import { serializeFilter } from '@nestodon/serializers/rest/filter.serializer';
import type { Counter } from 'prom-client';
import { StreamConnection, Subscription } from './connection';
import { Delivery } from './delivery';
import { parseStatusPayload, ParsedStatus } from './streamed-status';
import {
  ANONYMOUS,
  hidesStatus,
  SubscriberFacts,
  SubscriberFactsSnapshot,
} from './subscriber-facts.service';

interface Pending {
  message: StreamMessage;
  subscriptions: Subscription[];
}

const STATUS_EVENTS: ReadonlySet<string> = new Set([StreamEvent.Update, StreamEvent.StatusUpdate]);

/**
 * Sends each message to the subscriptions of its channel, deciding per subscriber for status
 * events (libs/policies `decideStreamedStatus`). Messages are handled in batches, in the order
 * they arrived: while one batch waits for its facts the next one gathers, and each batch loads
 * the facts of all its subscribers in one go. One post published to thousands of channels is
 * read once and decided with one query.
 */
@Injectable()
export class DeliveryPipeline {
  private readonly logger = new Logger(DeliveryPipeline.name);
  private queue: Pending[] = [];
  private flushing = false;
  private readonly parsed = new WeakMap<StreamMessage, ParsedStatus | null>();

  private readonly received: Counter<'event'>;
  private readonly sent: Counter<'event' | 'transport'>;

  constructor(
    private readonly facts: SubscriberFacts,
    metrics: Metrics,
  ) {
    this.received = metrics.counter({
      name: 'nestodon_streaming_messages_received_total',
      help: 'Messages received from Redis for local subscriptions, by event',
      labelNames: ['event'],
    });
    this.sent = metrics.counter({
      name: 'nestodon_streaming_messages_sent_total',
      help: 'Messages sent to clients, by event and transport',
      labelNames: ['event', 'transport'],
    });
  }

  push(message: StreamMessage, subscriptions: Subscription[]): void {
    this.received.inc({ event: message.event });
    this.queue.push({ message, subscriptions });
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.deliverBatch(batch);
      } catch (error) {
        this.logger.error(`streaming batch failed: ${String(error)}`);
      }
    }
    this.flushing = false;
  }

  private async deliverBatch(batch: Pending[]): Promise<void> {
    const started = performance.now();
    const viewers = new Set<string>();
    const statuses: ParsedStatus[] = [];
    for (const pending of batch) {
      const status = this.statusOf(pending.message);
      if (!status) continue;
      statuses.push(status);
      for (const { connection } of pending.subscriptions) {
        if (connection.viewer) viewers.add(connection.viewer.accountId);
      }
    }
    let snapshot: SubscriberFactsSnapshot | null = null;
    if (viewers.size > 0) {
      try {
        snapshot = await this.facts.load(viewers, statuses);
      } catch (error) {
        // Without the facts, signed-in subscribers get no statuses from this batch (fail closed).
        this.logger.warn(`subscriber facts not loaded: ${String(error)}`);
      }
    }
    const loaded = performance.now();
    let sent = 0;
    for (const pending of batch) {
      const status = this.statusOf(pending.message);
      if (status) this.deliverStatus(pending, status, snapshot);
      else this.deliverAsIs(pending);
      sent += pending.subscriptions.length;
    }
    this.logger.debug(
      `${batch.length} messages to ${sent} subscriptions: facts ${(loaded - started).toFixed(1)} ms, ` +
        `decisions and sends ${(performance.now() - loaded).toFixed(1)} ms`,
    );
  }

  /** The parsed payload of an update or status.update; null for other events. */
  private statusOf(message: StreamMessage): ParsedStatus | null {
    if (!STATUS_EVENTS.has(message.event)) return null;
    let status = this.parsed.get(message);
    if (status === undefined) {
      status = parseStatusPayload(message.payload);
      this.parsed.set(message, status);
    }
    return status;
  }

  private deliverAsIs({ message, subscriptions }: Pending): void {
    const shared = new Map<string, Delivery>();
    for (const { connection, stream } of subscriptions) {
      if (message.event === StreamEvent.FiltersChanged && connection.viewer) {
        this.facts.forgetFilters(connection.viewer.accountId);
      }
      if (!connection.open) continue;
      this.send(connection, sharedDelivery(shared, stream.key, message.event, message.payload));
    }
  }

  private deliverStatus(
    { message, subscriptions }: Pending,
    status: ParsedStatus,
    snapshot: SubscriberFactsSnapshot | null,
  ): void {
    const payload = message.payload!;
    const shared = new Map<string, Delivery>();
    const now = new Date();
    for (const { connection, stream } of subscriptions) {
      if (!connection.open) continue;
      const viewer = connection.viewer;
      if (viewer && !snapshot) continue;
      const decision = decideStreamedStatus(status.streamed, {
        relations: viewer ? snapshot!.relationsFor(viewer.accountId, status) : ANONYMOUS,
        languages: stream.publicTimeline ? (viewer?.languages ?? null) : null,
        filters:
          viewer && stream.filterContext
            ? this.facts.filtersFor(viewer.accountId, stream.filterContext, now)
            : [],
        hides: hidesStatus,
      });
      if (!decision.deliver) continue;
      if (!viewer || status.personal) {
        this.send(connection, sharedDelivery(shared, stream.key, message.event, payload));
      } else if (decision.matches.length === 0) {
        this.send(connection, sharedDelivery(shared, stream.key, message.event, payload, []));
      } else {
        const filtered = decision.matches.map((match) => ({
          filter: serializeFilter(match.rule.filter),
          keyword_matches: match.keywordMatches,
          status_matches: match.statusMatches,
        }));
        this.send(
          connection,
          new Delivery(stream.key, message.event, withFiltered(payload, filtered)),
        );
      }
    }
  }

  private send(connection: StreamConnection, delivery: Delivery): void {
    connection.send(delivery);
    this.sent.inc({ event: delivery.event, transport: connection.transport });
  }
}

/**
 * The delivery of a message on a stream, made once per batch item and shared; with `filtered`,
 * the status payload as a signed-in subscriber whom no filter matched gets it.
 */
function sharedDelivery(
  shared: Map<string, Delivery>,
  key: readonly string[],
  event: string,
  payload: string | undefined,
  filtered?: [],
): Delivery {
  const id = `${filtered ? 'f' : 'p'}\u0000${key.join('\u0000')}`;
  let delivery = shared.get(id);
  if (!delivery) {
    delivery = new Delivery(key, event, filtered ? withFiltered(payload!, filtered) : payload);
    shared.set(id, delivery);
  }
  return delivery;
}

/** The status JSON text with a `filtered` member added, without parsing it again. */
function withFiltered(payload: string, filtered: unknown[]): string {
  const end = payload.lastIndexOf('}');
  return `${payload.slice(0, end)},"filtered":${JSON.stringify(filtered)}}`;
}
