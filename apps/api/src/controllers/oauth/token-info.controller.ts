import { Controller, Get, HttpException } from '@nestjs/common';
import { AuthContext, CurrentAuth, Public } from '@nestodon/auth';
import { AccessTokenQueries } from '@nestodon/core';

/** Doorkeeper's token introspection answer. */
export interface TokenInfoJson {
  /** The user's id; null for app tokens. */
  resource_owner_id: number | null;
  scope: string[];
  /** Seconds left; null when the token never expires. */
  expires_in: number | null;
  application: { uid: string | null };
  /** Seconds since the epoch. */
  created_at: number;
}

const invalidToken = () =>
  new HttpException(
    { error: 'invalid_token', error_description: 'The access token is invalid' },
    401,
  );

/**
 * GET /oauth/token/info (Doorkeeper's, undocumented by Mastodon): what the bearer token is,
 * for any valid token whatever its scopes; 401 otherwise.
 */
@Controller('oauth/token/info')
export class TokenInfoController {
  constructor(private readonly tokens: AccessTokenQueries) {}

  @Get()
  @Public()
  async show(@CurrentAuth() auth: AuthContext | undefined): Promise<TokenInfoJson> {
    if (!auth) throw invalidToken();
    const found = await this.tokens.withApplication(auth.tokenId);
    if (!found) throw invalidToken();
    const { token, application } = found;
    const createdAt = Math.floor(new Date(token.createdAt).getTime() / 1000);
    return {
      resource_owner_id: token.resourceOwnerId === null ? null : Number(token.resourceOwnerId),
      scope: token.scopes.split(/\s+/).filter(Boolean),
      expires_in:
        token.expiresIn === null
          ? null
          : Math.max(0, createdAt + token.expiresIn - Math.floor(Date.now() / 1000)),
      application: { uid: application?.uid ?? null },
      created_at: createdAt,
    };
  }
}
