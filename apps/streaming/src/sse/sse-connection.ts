import type { Response } from 'express';
import { StreamViewer } from '../auth/stream-authenticator';
import { CloseReason, StreamConnection } from '../delivery/connection';
import { Delivery } from '../delivery/delivery';

/** A server-sent events client: `event:`/`data:` lines and a `:thump` comment as heartbeat. */
export class SseConnection extends StreamConnection {
  readonly transport = 'sse';
  readonly closed: Promise<void>;

  constructor(
    private readonly response: Response,
    viewer: StreamViewer | null,
    private readonly maxBufferedBytes: number,
  ) {
    super(viewer);
    this.closed = new Promise((resolve) => response.once('close', () => resolve()));
  }

  get open(): boolean {
    return !this.response.writableEnded && !this.response.destroyed;
  }

  send(delivery: Delivery): void {
    this.write(delivery.eventSourceFrame);
  }

  heartbeat(): void {
    this.write(':thump\n\n');
  }

  close(reason: CloseReason): void {
    if (reason === 'overflow') this.response.destroy();
    else this.response.end();
  }

  private write(chunk: Buffer | string): void {
    if (!this.open) return;
    if (this.response.writableLength > this.maxBufferedBytes) {
      this.close('overflow');
      return;
    }
    this.response.write(chunk);
  }
}
