import { StreamViewer } from '../auth/stream-authenticator';
import { ResolvedStream } from '../streams/stream-kind';
import { Delivery } from './delivery';

/** Why the server ends a connection. */
export type CloseReason =
  /** The token was revoked or the user disabled or suspended. */
  | 'kill'
  /** The process is stopping (SIGTERM). */
  | 'shutdown'
  /** The client reads too slowly: its send buffer passed the bound. */
  | 'overflow'
  /** The server could not set the connection up (Redis unreachable). */
  | 'error'
  /** Redis was lost: nothing would arrive any more; the client should reconnect later. */
  | 'unavailable';

/** A stream a connection listens to. */
export interface Subscription {
  connection: StreamConnection;
  stream: ResolvedStream;
}

/**
 * A client connection, WebSocket or server-sent events: what the hub subscribes and sends to.
 * A WebSocket connection may hold several subscriptions (multiplexing), keyed by their channels.
 */
export abstract class StreamConnection {
  readonly subscriptions = new Map<string, Subscription>();

  constructor(readonly viewer: StreamViewer | null) {}

  /** How the client is connected (a metrics label). */
  abstract readonly transport: 'websocket' | 'sse';

  abstract get open(): boolean;

  /** Sends unless the client's buffer passed the bound, in which case it is disconnected. */
  abstract send(delivery: Delivery): void;

  /** A ping or comment that keeps the connection (and proxies on the way) alive. */
  abstract heartbeat(): void;

  abstract close(reason: CloseReason): void;

  /** Resolves once the connection is closed. */
  abstract readonly closed: Promise<void>;
}

/** Identifies a subscription within its connection: subscribing twice is a no-op. */
export const subscriptionId = (stream: ResolvedStream) => stream.channels.join(';');
