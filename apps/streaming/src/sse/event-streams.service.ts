import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { StreamAuthenticator, StreamViewer } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { StreamHub } from '../delivery/stream-hub.service';
import { STREAMING_OPTIONS, StreamingOptions } from '../delivery/streaming-options';
import { ResolvedStream, StreamParams } from '../streams/stream-kind';
import { StreamResolver } from '../streams/stream-resolver.service';
import { SseConnection } from './sse-connection';

/**
 * Opens a server-sent events stream, as Mastodon's streaming server does: authenticate, resolve
 * the stream (errors are `{"error": …}` with 400 or 401), then `text/event-stream` starting
 * with the `:)` comment, events until the client leaves, the server stops, or the token dies.
 * Its routes are `@Public()` to the HTTP guard: streams authenticate here, as the token may
 * also come as `access_token`.
 */
@Injectable()
export class EventStreams {
  private readonly logger = new Logger(EventStreams.name);

  constructor(
    @Inject(STREAMING_OPTIONS) private readonly options: StreamingOptions,
    private readonly authenticator: StreamAuthenticator,
    private readonly resolver: StreamResolver,
    private readonly hub: StreamHub,
  ) {}

  async open(request: Request, response: Response, name: string, params: StreamParams = {}) {
    let viewer: StreamViewer | null;
    let stream: ResolvedStream;
    try {
      if (!this.hub.available) throw StreamError.unavailable();
      viewer = await this.authenticator.authenticate(request);
      stream = await this.resolver.resolve(name, params, viewer);
    } catch (error) {
      this.refuse(response, error);
      return;
    }
    // Headers first: a heartbeat may be written as soon as the hub knows the connection.
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream');
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.write(':)\n');
    const connection = new SseConnection(response, viewer, this.options.maxBufferedBytes);
    let gone = false;
    response.once('close', () => {
      gone = true;
      this.hub.close(connection);
    });
    try {
      await this.hub.open(connection);
      // A client that left while the channels were subscribed is closed before it was open.
      if (gone) this.hub.close(connection);
      else await this.hub.subscribe(connection, stream);
    } catch (error) {
      if (!(error instanceof StreamError)) this.logger.error(`event stream failed: ${String(error)}`);
      response.end();
    }
  }

  private refuse(response: Response, error: unknown): void {
    if (!(error instanceof StreamError)) {
      this.logger.error(`event stream failed: ${String(error)}`);
    }
    const status = error instanceof StreamError ? error.status : 500;
    const message = error instanceof StreamError ? error.message : 'An unexpected error occurred';
    response.status(status).json({ error: message });
  }
}
