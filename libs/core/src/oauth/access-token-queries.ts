import { Injectable } from '@nestjs/common';
import {
  AuthorizedApplicationRow,
  OAuthAccessToken,
  OAuthAccessTokenRepository,
  OAuthApplication,
  OAuthApplicationRepository,
} from '@nestodon/domain';

/** Reads of access tokens: a token's own details, the apps a user authorized. */
@Injectable()
export class AccessTokenQueries {
  constructor(
    private readonly tokens: OAuthAccessTokenRepository,
    private readonly applications: OAuthApplicationRepository,
  ) {}

  /** A token with its app (GET /oauth/token/info), or null when it is gone. */
  async withApplication(
    tokenId: string,
  ): Promise<{ token: OAuthAccessToken; application: OAuthApplication | null } | null> {
    const token = await this.tokens.findById(tokenId);
    if (!token) return null;
    const application = token.applicationId
      ? await this.applications.findById(token.applicationId)
      : null;
    return { token, application };
  }

  /** The apps holding live tokens of the user (the authorized applications page). */
  authorizedApplications(userId: string): Promise<AuthorizedApplicationRow[]> {
    return this.tokens.authorizedApplications(userId);
  }
}
