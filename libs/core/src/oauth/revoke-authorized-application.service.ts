import { Injectable } from '@nestjs/common';
import {
  OAuthAccessTokenRepository,
  RecordNotFoundError,
  TransactionRunner,
} from '@nestodon/domain';

/**
 * A user takes back an app's access (the authorized applications page, as Doorkeeper's
 * `authorized_applications#destroy`): every token and pending authorization code it holds for
 * them is revoked at once, so its next request is refused. An app holding none is a 404.
 */
@Injectable()
export class RevokeAuthorizedApplicationService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tokens: OAuthAccessTokenRepository,
  ) {}

  async call(userId: string, applicationId: string): Promise<void> {
    if (!/^\d{1,19}$/.test(applicationId)) throw new RecordNotFoundError();
    const revoked = await this.transactions.run((tx) =>
      this.tokens.revokeApplication(userId, applicationId, tx),
    );
    if (revoked === 0) throw new RecordNotFoundError();
  }
}
