import { Injectable } from '@nestjs/common';
import { digestToken, generateToken } from '@nestodon/access';
import { OAuthAccessToken, OAuthAccessTokenRepository, Transaction } from '@nestodon/domain';

export interface IssuedAccessToken {
  /** The bearer token; only its digest is stored. */
  token: string;
  row: OAuthAccessToken;
}

/** Stores a new never-expiring bearer token for a user (or an app, without user). */
@Injectable()
export class IssueAccessTokenService {
  constructor(private readonly tokens: OAuthAccessTokenRepository) {}

  async call(
    options: { applicationId: string | null; userId: string | null; scopes: string },
    tx?: Transaction,
  ): Promise<IssuedAccessToken> {
    const token = generateToken();
    const row = await this.tokens.insert(
      {
        tokenDigest: digestToken(token),
        scopes: options.scopes,
        applicationId: options.applicationId,
        resourceOwnerId: options.userId,
        expiresIn: null,
      },
      tx,
    );
    return { token, row };
  }
}
