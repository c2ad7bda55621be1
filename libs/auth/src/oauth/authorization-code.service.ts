import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { OAuthAccessGrant, OAuthAccessToken, OAuthApplication } from '@nestodon/domain';
import { DataSource, IsNull, LessThan, Repository } from 'typeorm';
import { digestToken, generateToken } from '@nestodon/access';
import { AccessTokenService, IssuedToken } from './access-token.service';
import { OAuthError } from './oauth-error';
import { verifyCodeVerifier } from './pkce';

/** Codes are single-use and expire after ten minutes (RFC 6749 §4.1.2). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

/** How long used and expired codes are kept, so that a replay is recognised and answered. */
const CODE_RETENTION_MS = 24 * 3600 * 1000;

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
    await this.grants.delete({
      resourceOwnerId: request.userId,
      createdAt: LessThan(new Date(Date.now() - CODE_RETENTION_MS)),
    });
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
   * be exchanged twice. A failed check leaves the code as it was; a second exchange of a used
   * code revokes the token it was exchanged for (RFC 6749 §4.1.2), as the code has leaked.
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
    const outcome = await this.dataSource.transaction(async (manager) => {
      const grants = manager.getRepository(OAuthAccessGrant);
      const grant = await grants
        .createQueryBuilder('grant')
        .setLock('pessimistic_write')
        .where('grant.token_digest = :digest', { digest: digestToken(code) })
        .getOne();
      if (!grant || grant.applicationId !== application.id) throw new OAuthError('invalid_grant');
      if (grant.revokedAt) {
        if (grant.accessTokenId) {
          await manager
            .getRepository(OAuthAccessToken)
            .update({ id: grant.accessTokenId, revokedAt: IsNull() }, { revokedAt: new Date() });
        }
        return 'replayed' as const;
      }
      const expired = grant.createdAt.getTime() + grant.expiresIn * 1000 < Date.now();
      if (expired || grant.redirectUri !== redirectUri) throw new OAuthError('invalid_grant');
      if (grant.codeChallenge) {
        if (!codeVerifier) {
          throw new OAuthError('invalid_request', 'Missing required parameter: code_verifier.');
        }
        if (!verifyCodeVerifier(codeVerifier, grant.codeChallenge)) {
          throw new OAuthError('invalid_grant');
        }
      }
      const issued = await this.tokens.issue(
        {
          applicationId: application.id,
          userId: grant.resourceOwnerId,
          scopes: grant.scopes.split(' ').filter(Boolean),
        },
        manager,
      );
      await grants.update(grant.id, { revokedAt: new Date(), accessTokenId: issued.record.id });
      return issued;
    });
    // Thrown after the commit, so that the revocation of a replay stays.
    if (outcome === 'replayed') throw new OAuthError('invalid_grant');
    return outcome;
  }
}
