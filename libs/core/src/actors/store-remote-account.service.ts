import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountRepository, RemoteAccountValues, ValidationError } from '@nestodon/domain';

/**
 * Stores what a remote actor's document says about its account: a new row for an actor
 * seen for the first time, the same row refreshed for one seen before (matched by its
 * ActivityPub id). An actor may never claim this server's domain.
 */
@Injectable()
export class StoreRemoteAccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
  ) {}

  async call(values: RemoteAccountValues): Promise<Account> {
    const { localDomain, webDomain } = this.config.instance;
    const domain = values.domain?.toLowerCase();
    if (!domain || domain === localDomain.toLowerCase() || domain === webDomain.toLowerCase()) {
      throw new ValidationError('A remote actor must belong to another domain');
    }
    return this.accounts.upsertRemote({ ...values, domain, updatedAt: new Date() });
  }
}
