import { Injectable } from '@nestjs/common';
import { AccountRepository } from '@nestodon/domain';
import { DeleteAccountService } from '../accounts/delete-account.service';

/** The worker's half of DeleteAccountDataService: erases the account if still suspended. */
@Injectable()
export class DeleteSuspendedAccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly deleteAccount: DeleteAccountService,
  ) {}

  async call(accountId: string): Promise<boolean> {
    const account = await this.accounts.findById(accountId);
    if (!account || account.suspendedAt === null || account.domain !== null) return false;
    await this.deleteAccount.call(account);
    return true;
  }
}
