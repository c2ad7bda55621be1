import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { StreamAuthenticator } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { StreamHub } from '../delivery/stream-hub.service';
import { STREAMING_OPTIONS, StreamingOptions } from '../delivery/streaming-options';
import { StreamResolver } from '../streams/stream-resolver.service';
import { ClientEvent, firstParam, StreamRequestBody } from './client-message';
import { WebSocketConnection } from './websocket-connection';

export const STREAMING_PATH = '/api/v1/streaming';

/**
 * WebSocket at /api/v1/streaming: one stream from `?stream=` (with `tag=` or `list=`), and any
 * number more through `subscribe`/`unsubscribe` messages on the same socket (multiplexing).
 * Errors are sent as `{"error":…,"status":…}`; the socket stays open.
 */
@WebSocketGateway({ path: STREAMING_PATH })
export class StreamingGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(StreamingGateway.name);
  private readonly connections = new WeakMap<WebSocket, WebSocketConnection>();

  constructor(
    @Inject(STREAMING_OPTIONS) private readonly options: StreamingOptions,
    private readonly hub: StreamHub,
    private readonly resolver: StreamResolver,
    private readonly authenticator: StreamAuthenticator,
  ) {}

  async handleConnection(socket: WebSocket, request: IncomingMessage): Promise<void> {
    const connection = new WebSocketConnection(
      socket,
      this.authenticator.viewerOf(request),
      this.options.maxBufferedBytes,
    );
    this.connections.set(socket, connection);
    socket.on('error', (error) => this.logger.debug(`websocket error: ${error.message}`));
    try {
      if (!this.hub.available) throw StreamError.unavailable();
      await this.hub.open(connection);
    } catch (error) {
      this.logger.warn(`streaming connection not registered: ${String(error)}`);
      connection.close(error instanceof StreamError ? 'unavailable' : 'error');
      return;
    }
    const query = new URL(request.url ?? '/', 'http://streaming.invalid').searchParams;
    const stream = query.get('stream');
    if (stream) {
      await this.subscribe(socket, {
        stream,
        tag: query.get('tag') ?? undefined,
        list: query.get('list') ?? undefined,
      });
    }
  }

  handleDisconnect(socket: WebSocket): void {
    const connection = this.connections.get(socket);
    if (connection) this.hub.close(connection);
  }

  @SubscribeMessage(ClientEvent.Subscribe)
  async subscribe(
    @ConnectedSocket() socket: WebSocket,
    @MessageBody() body: StreamRequestBody,
  ): Promise<void> {
    const connection = this.connections.get(socket);
    if (!connection) return;
    try {
      const stream = await this.resolver.resolve(
        firstParam(body.stream),
        paramsOf(body),
        connection.viewer,
      );
      await this.hub.subscribe(connection, stream);
    } catch (error) {
      this.reportError(connection, error);
    }
  }

  @SubscribeMessage(ClientEvent.Unsubscribe)
  async unsubscribe(
    @ConnectedSocket() socket: WebSocket,
    @MessageBody() body: StreamRequestBody,
  ): Promise<void> {
    const connection = this.connections.get(socket);
    if (!connection) return;
    try {
      const stream = await this.resolver.resolve(
        firstParam(body.stream),
        paramsOf(body),
        connection.viewer,
      );
      this.hub.unsubscribe(connection, stream);
    } catch (error) {
      this.reportError(connection, error);
    }
  }

  @SubscribeMessage(ClientEvent.Malformed)
  malformed(@ConnectedSocket() socket: WebSocket): void {
    this.connections.get(socket)?.sendError(StreamError.badRequest('Invalid JSON message'));
  }

  @SubscribeMessage(ClientEvent.UnknownType)
  unknownType(@ConnectedSocket() socket: WebSocket): void {
    this.connections
      .get(socket)
      ?.sendError(StreamError.badRequest('Unknown message type: use subscribe or unsubscribe'));
  }

  @SubscribeMessage(ClientEvent.Binary)
  binary(@ConnectedSocket() socket: WebSocket): void {
    this.connections.get(socket)?.refuseBinary();
  }

  private reportError(connection: WebSocketConnection, error: unknown): void {
    if (error instanceof StreamError) {
      connection.sendError(error);
      return;
    }
    this.logger.error(`streaming subscription failed: ${String(error)}`);
    connection.sendError(new StreamError(400, 'Subscription failed'));
  }
}

function paramsOf(body: StreamRequestBody): { tag?: string; list?: string } {
  return { tag: firstParam(body.tag), list: firstParam(body.list) };
}
