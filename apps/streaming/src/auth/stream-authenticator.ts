import { Injectable } from '@nestjs/common';
// Token authentication without the OAuth server (oauth2orize, passport) the package's index brings.
import type { RequestWithAuth } from '@nestodon/auth/auth-context';
import { userRefusal } from '@nestodon/auth/auth.guard';
import { bearerToken, TokenAuthenticator } from '@nestodon/auth/token-authenticator.service';
import type { IncomingMessage } from 'node:http';
import { StreamError } from './stream-error';

/** The signed-in user behind a streaming connection. */
export interface StreamViewer {
  tokenId: string;
  accountId: string;
  /** Granted scopes, parents expanded. */
  scopes: ReadonlySet<string>;
  /** The languages the user reads public timelines in; null: all. */
  languages: readonly string[] | null;
}

/**
 * Authenticates streaming requests as Mastodon's streaming server does: the token comes from
 * `Authorization: Bearer`, the `access_token` query parameter or `Sec-WebSocket-Protocol`.
 * No token: anonymous (null). A token that is unknown, revoked, expired, an app token, or
 * whose user may not use the API (disabled, suspended, unconfirmed, pending): 401.
 */
@Injectable()
export class StreamAuthenticator {
  /** Viewers found at WebSocket handshakes, until the gateway takes the connection. */
  private readonly handshakes = new WeakMap<IncomingMessage, StreamViewer | null>();

  constructor(private readonly tokens: TokenAuthenticator) {}

  remember(request: IncomingMessage, viewer: StreamViewer | null): void {
    this.handshakes.set(request, viewer);
  }

  /** The viewer of an upgraded request (null: anonymous). */
  viewerOf(request: IncomingMessage): StreamViewer | null {
    return this.handshakes.get(request) ?? null;
  }

  /** SSE requests come through the HTTP guard, which may have found the viewer already. */
  async authenticate(request: IncomingMessage & RequestWithAuth): Promise<StreamViewer | null> {
    const token = tokenOf(request);
    if (token === null) return null;
    const auth =
      request.auth ??
      (await this.tokens.authenticate(token, request.socket.remoteAddress, { recordUse: false }));
    const user = auth?.user;
    if (!auth || !user || userRefusal(user) !== null) throw StreamError.invalidToken();
    return {
      tokenId: auth.tokenId,
      accountId: user.accountId,
      scopes: auth.scopes,
      languages: user.chosenLanguages?.length ? user.chosenLanguages : null,
    };
  }
}

/** The access token of a streaming request, if any. */
export function tokenOf(request: IncomingMessage): string | null {
  const fromHeader = bearerToken(request.headers.authorization);
  if (fromHeader) return fromHeader;
  const query = new URL(request.url ?? '/', 'http://streaming.invalid').searchParams;
  const fromQuery = query.get('access_token');
  if (fromQuery) return fromQuery;
  const protocol = request.headers['sec-websocket-protocol'];
  return typeof protocol === 'string' && protocol.trim() ? protocol.split(',')[0].trim() : null;
}
