import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountRepository, RemoteAccountValues, ValidationError } from '@nestodon/domain';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';

/**
 * Stores what a remote actor's document says about its account: a new row for an actor
 * seen for the first time, the same row refreshed for one seen before (matched by its
 * ActivityPub id). An actor may never claim this server's domain. Its server's domain block
 * applies as on Mastodon: a new account of a silenced (suspended) server is silenced
 * (suspended) at the block's time, so lifting the block lifts it too; a server whose media
 * are rejected has no avatar or header kept, so none is ever fetched or shown.
 */
@Injectable()
export class StoreRemoteAccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
    private readonly domainModeration: DomainModerationQueries,
  ) {}

  async call(values: RemoteAccountValues): Promise<Account> {
    const { localDomain, webDomain } = this.config.instance;
    const domain = values.domain?.toLowerCase();
    if (!domain || domain === localDomain.toLowerCase() || domain === webDomain.toLowerCase()) {
      throw new ValidationError('A remote actor must belong to another domain');
    }
    const block = await this.domainModeration.blockRuling(domain);
    const images = block?.rejectMedia ? { avatarRemoteUrl: null, headerRemoteUrl: null } : {};
    const sanction =
      block?.severity === 'silence'
        ? { silencedAt: block.createdAt }
        : block?.severity === 'suspend'
          ? { suspendedAt: block.createdAt }
          : {};
    return this.accounts.upsertRemote(
      { ...values, ...images, domain, updatedAt: new Date() },
      sanction,
    );
  }
}
