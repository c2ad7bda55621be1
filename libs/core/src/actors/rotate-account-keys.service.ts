import { Injectable } from '@nestjs/common';
import { AccountRepository, Transaction } from '@nestodon/domain';
import { requireLocalAccount } from '../accounts/local-accounts';
import { generateActorKeys } from './actor-keys';

/**
 * `accounts rotate`: new key pairs for a local account, as after a leaked key. Remote servers
 * see the new public keys the next time they fetch the actor.
 */
@Injectable()
export class RotateAccountKeysService {
  constructor(private readonly accounts: AccountRepository) {}

  async call(username: string, tx?: Transaction): Promise<void> {
    const account = await requireLocalAccount(this.accounts, username, tx);
    await this.accounts.replaceActorKeys(account.id, await generateActorKeys());
  }
}
