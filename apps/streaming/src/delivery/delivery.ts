/**
 * One message as one stream shows it. Its frames are encoded once and shared by every
 * connection that gets the same message on the same stream.
 */
export class Delivery {
  private webSocket?: Buffer;
  private eventSource?: Buffer;

  constructor(
    readonly stream: readonly string[],
    readonly event: string,
    /** JSON text of an entity, a bare id, or nothing (filters_changed). */
    readonly payload: string | undefined,
  ) {}

  /** `{"stream":[…],"event":…,"payload":"<JSON text>"}` as Mastodon sends it. */
  get webSocketFrame(): Buffer {
    this.webSocket ??= Buffer.from(
      JSON.stringify({ stream: this.stream, event: this.event, payload: this.payload }),
    );
    return this.webSocket;
  }

  /** `event:` and `data:` lines; like Mastodon, a missing payload is written as `undefined`. */
  get eventSourceFrame(): Buffer {
    this.eventSource ??= Buffer.from(`event: ${this.event}\ndata: ${this.payload}\n\n`);
    return this.eventSource;
  }
}
