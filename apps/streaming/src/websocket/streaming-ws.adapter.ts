import { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { StreamAuthenticator } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { parseClientMessage } from './client-message';

/** Largest message a client may send; subscriptions are tiny. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * The `ws` platform adapter with Mastodon's handshake: the token is checked before the upgrade
 * (an invalid one is refused with 401 and `X-Error-Message`), and client messages are parsed
 * into the gateway's events. The viewer found at the handshake is kept for the gateway.
 */
export class StreamingWsAdapter extends WsAdapter {
  private authenticator?: StreamAuthenticator;

  constructor(private readonly app: INestApplicationContext) {
    super(app, { messageParser: parseClientMessage });
  }

  override create(port: number, options: Record<string, unknown> = {}) {
    return super.create(port, {
      ...options,
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      perMessageDeflate: false,
      verifyClient: (
        info: { req: IncomingMessage },
        done: (ok: boolean, status?: number, message?: string, headers?: object) => void,
      ) => {
        this.verify(info.req).then(
          () => done(true),
          (error: unknown) => {
            const refusal = error instanceof StreamError ? error : null;
            const status = refusal?.status ?? 500;
            const message = refusal?.message ?? 'An unexpected error occurred';
            done(false, status, STATUS_CODES[status], { 'X-Error-Message': message });
          },
        );
      },
    });
  }

  /** Without a token, a connection may only read public streams, while the preview is on. */
  private async verify(request: IncomingMessage): Promise<void> {
    this.authenticator ??= this.app.get(StreamAuthenticator);
    const viewer = await this.authenticator.authenticate(request);
    if (!viewer && !this.app.get<AppConfig>(APP_CONFIG).instance.timelinePreview) {
      throw StreamError.missingToken();
    }
    this.authenticator.remember(request, viewer);
  }
}
