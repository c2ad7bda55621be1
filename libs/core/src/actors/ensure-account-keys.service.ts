import { Injectable } from '@nestjs/common';
import { AccountRepository, ActorKeyPems, RecordNotFoundError } from '@nestodon/domain';
import { generateActorKeys } from './actor-keys';

/**
 * A local account's key pairs, generated and stored on first use for accounts that predate
 * them (new accounts get theirs at creation). Racing callers end up with the same stored keys.
 */
@Injectable()
export class EnsureAccountKeysService {
  constructor(private readonly accounts: AccountRepository) {}

  async call(accountId: string): Promise<ActorKeyPems> {
    const stored = await this.accounts.localActorKeys(accountId);
    if (stored) return stored;
    const keys = await this.accounts.fillMissingActorKeys(accountId, await generateActorKeys());
    if (!keys) throw new RecordNotFoundError();
    return keys;
  }
}
