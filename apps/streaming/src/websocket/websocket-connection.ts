import { WebSocket } from 'ws';
import { StreamViewer } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { CloseReason, StreamConnection } from '../delivery/connection';
import { Delivery } from '../delivery/delivery';

/** Going Away: the server is shutting down. */
export const CLOSE_GOING_AWAY = 1001;
/** Unsupported Data: binary frames. */
export const CLOSE_UNSUPPORTED_DATA = 1003;
/** Internal Error. */
export const CLOSE_INTERNAL_ERROR = 1011;
/** Try Again Later: the server lost what the stream depends on. */
export const CLOSE_TRY_AGAIN_LATER = 1013;

/** A WebSocket client; pings on every heartbeat and drops a client that missed the last pong. */
export class WebSocketConnection extends StreamConnection {
  readonly transport = 'websocket';
  private alive = true;
  readonly closed: Promise<void>;

  constructor(
    private readonly socket: WebSocket,
    viewer: StreamViewer | null,
    private readonly maxBufferedBytes: number,
  ) {
    super(viewer);
    socket.on('pong', () => {
      this.alive = true;
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(delivery: Delivery): void {
    this.write(delivery.webSocketFrame);
  }

  /** A subscription or message error, in Mastodon's shape. */
  sendError(error: StreamError): void {
    this.write(Buffer.from(JSON.stringify({ error: error.message, status: error.status })));
  }

  heartbeat(): void {
    if (!this.open) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(reason: CloseReason): void {
    if (reason === 'overflow') this.socket.terminate();
    else if (reason === 'shutdown') this.socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
    else if (reason === 'error') this.socket.close(CLOSE_INTERNAL_ERROR, 'Stream unavailable');
    else if (reason === 'unavailable') {
      this.socket.close(CLOSE_TRY_AGAIN_LATER, 'Stream interrupted, reconnect later');
    }
    // Like Mastodon, a revoked token's socket is closed without a status code.
    else this.socket.close();
  }

  /** Closes on binary data, which the streaming API does not speak. */
  refuseBinary(): void {
    this.socket.close(
      CLOSE_UNSUPPORTED_DATA,
      'The streaming server does not support binary messages',
    );
  }

  private write(frame: Buffer): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.close('overflow');
      return;
    }
    this.socket.send(frame, { binary: false });
  }
}
