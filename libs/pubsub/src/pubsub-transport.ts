/** What a transport does with each message that arrives on a channel it listens to. */
export type TransportMessageHandler = (channel: string, text: string) => void;

/**
 * The pub/sub port: Redis PUBLISH/SUBSCRIBE (RedisPubSubTransport) or PostgreSQL
 * LISTEN/NOTIFY (PostgresPubSubTransport), chosen at boot from `config.redis.enabled`. It moves
 * text between processes and keeps the subscription markers of gated channels; what the text
 * means, reference counting and marker refreshes are PublisherService's and SubscriberService's.
 */
export abstract class PubSubTransport {
  /** Sends `text` to each channel. */
  abstract publish(channels: string[], text: string): Promise<void>;

  /** Starts delivering the channel's messages to the handler (resolves once in force). */
  abstract listen(channel: string): Promise<void>;

  abstract unlisten(channel: string): Promise<void>;

  /** The one handler messages of listened channels go to. */
  abstract onMessage(handler: TransportMessageHandler): void;

  /**
   * Called when the listening connection is lost: every listened channel is dropped and
   * nothing more arrives on them until they are listened to again.
   */
  abstract onLost(handler: () => void): void;

  /** False while the listening connection is lost and not back yet. */
  abstract get available(): boolean;

  /** Resolves when the server answers on the listening connection. */
  abstract ping(): Promise<void>;

  /** Marks channels as listened to, for `seconds` (publishers skip unmarked gated channels). */
  abstract markSubscribed(channels: string[], seconds: number): Promise<void>;

  /** The marked ones among `channels`. */
  abstract subscribedAmong(channels: string[]): Promise<Set<string>>;
}
