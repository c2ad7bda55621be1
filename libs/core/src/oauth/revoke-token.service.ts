import { Injectable } from '@nestjs/common';
import { digestToken } from '@nestodon/access';
import { OAuthAccessTokenRepository, OAuthApplication } from '@nestodon/domain';
import { Channel, PublisherService, SystemEvent } from '@nestodon/pubsub';

/** `revoked` also when the token was unknown or already revoked (RFC 7009 is idempotent). */
export type RevokeOutcome = 'revoked' | 'other_client';

/** POST /oauth/revoke: an app revokes one of its own tokens; its streaming connections close. */
@Injectable()
export class RevokeTokenService {
  constructor(
    private readonly tokens: OAuthAccessTokenRepository,
    private readonly publisher: PublisherService,
  ) {}

  async call(application: OAuthApplication, token: string): Promise<RevokeOutcome> {
    if (!token || token.length > 512) return 'revoked';
    const record = await this.tokens.findByDigest(digestToken(token));
    if (!record) return 'revoked';
    if (record.applicationId !== application.id) return 'other_client';
    await this.tokens.revoke(record.id);
    await this.publisher.publish(Channel.accessToken(record.id), { event: SystemEvent.Kill });
    return 'revoked';
  }
}
