import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { OAuthAccessGrant, OAuthApplication } from '@nestodon/domain';
import { DataSource, Repository } from 'typeorm';
import { digestToken, generateToken } from '../token-digest';
import { AccessTokenService, IssuedToken } from './access-token.service';
import { OAuthError } from './oauth-error';
import { verifyCodeVerifier } from './pkce';

/** Codes are single-use and expire after ten minutes (RFC 6749 §4.1.2). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

export interface CodeRequest {
  application: OAuthApplication;
  userId: string;
  redirectUri: string;
  scopes: readonly string[];
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
}

export interface CodeRedemption {
  application: OAuthApplication;
  code: unknown;
  redirectUri: unknown;
  codeVerifier: unknown;
}

/** Authorization codes: issued on consent, exchanged once for a user token. */
@Injectable()
export class AuthorizationCodeService {
  constructor(
    @InjectRepository(OAuthAccessGrant) private readonly grants: Repository<OAuthAccessGrant>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: AccessTokenService,
  ) {}

  async create(request: CodeRequest): Promise<string> {
    const code = generateToken();
    // Used and long-expired codes of this user are of no further use.
    await this.grants
      .createQueryBuilder()
      .delete()
      .where('resource_owner_id = :userId', { userId: request.userId })
      .andWhere(`(revoked_at IS NOT NULL OR created_at < now() - interval '1 day')`)
      .execute();
    await this.grants.save(
      this.grants.create({
        tokenDigest: digestToken(code),
        expiresIn: AUTHORIZATION_CODE_TTL_SECONDS,
        redirectUri: request.redirectUri,
        scopes: request.scopes.join(' '),
        codeChallenge: request.codeChallenge ?? null,
        codeChallengeMethod: request.codeChallenge ? (request.codeChallengeMethod ?? 'S256') : null,
        applicationId: request.application.id,
        resourceOwnerId: request.userId,
      }),
    );
    return code;
  }

  /**
   * Exchanges a code for a token. The code row is locked, checked (client, expiry, redirect URI,
   * PKCE) and marked used in the same transaction as the token is created, so a code can never
   * be exchanged twice. A failed check leaves the code as it was.
   */
  async redeem(redemption: CodeRedemption): Promise<IssuedToken> {
    const { application, code, redirectUri, codeVerifier } = redemption;
    if (typeof code !== 'string' || code === '') {
      throw new OAuthError('invalid_request', 'Missing required parameter: code.');
    }
    if (typeof redirectUri !== 'string' || redirectUri === '') {
      throw new OAuthError('invalid_request', 'Missing required parameter: redirect_uri.');
    }
    if (codeVerifier !== undefined && typeof codeVerifier !== 'string') {
      throw new OAuthError('invalid_request', 'Invalid parameter: code_verifier.');
    }
    return this.dataSource.transaction(async (manager) => {
      const grant = await manager
        .getRepository(OAuthAccessGrant)
        .createQueryBuilder('grant')
        .setLock('pessimistic_write')
        .where('grant.token_digest = :digest', { digest: digestToken(code) })
        .getOne();
      const expired = grant && grant.createdAt.getTime() + grant.expiresIn * 1000 < Date.now();
      if (!grant || grant.applicationId !== application.id || grant.revokedAt || expired) {
        throw new OAuthError('invalid_grant');
      }
      if (grant.redirectUri !== redirectUri) throw new OAuthError('invalid_grant');
      if (grant.codeChallenge) {
        if (!codeVerifier) {
          throw new OAuthError('invalid_request', 'Missing required parameter: code_verifier.');
        }
        if (!verifyCodeVerifier(codeVerifier, grant.codeChallenge)) {
          throw new OAuthError('invalid_grant');
        }
      }
      await manager.getRepository(OAuthAccessGrant).update(grant.id, { revokedAt: new Date() });
      return this.tokens.issue(
        {
          applicationId: application.id,
          userId: grant.resourceOwnerId,
          scopes: grant.scopes.split(' ').filter(Boolean),
        },
        manager,
      );
    });
  }
}
