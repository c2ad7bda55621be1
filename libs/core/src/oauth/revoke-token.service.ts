import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { digestToken } from '@nestodon/auth';
import { OAuthAccessToken, OAuthApplication } from '@nestodon/domain';
import { IsNull, Repository } from 'typeorm';

/** `revoked` also when the token was unknown or already revoked (RFC 7009 is idempotent). */
export type RevokeOutcome = 'revoked' | 'other_client';

/** POST /oauth/revoke: an app revokes one of its own tokens. */
@Injectable()
export class RevokeTokenService {
  constructor(
    @InjectRepository(OAuthAccessToken) private readonly tokens: Repository<OAuthAccessToken>,
  ) {}

  async revoke(application: OAuthApplication, token: string): Promise<RevokeOutcome> {
    if (!token || token.length > 512) return 'revoked';
    const record = await this.tokens.findOneBy({ tokenDigest: digestToken(token) });
    if (!record) return 'revoked';
    if (record.applicationId !== application.id) return 'other_client';
    await this.tokens.update({ id: record.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    return 'revoked';
  }
}
