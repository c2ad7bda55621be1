import { Account, RecordNotFoundError, User } from '@nestodon/domain';
import { EntityManager } from 'typeorm';

export class UnknownAccountError extends RecordNotFoundError {
  constructor(readonly username: string) {
    super(`No local account is named "${username}"`);
  }
}

/** The user of a local account by username (case-insensitive), with the account attached. */
export async function findLocalUser(
  manager: EntityManager,
  username: string,
): Promise<User & { account: Account }> {
  const account = await manager
    .getRepository(Account)
    .createQueryBuilder('account')
    .where('lower(account.username) = lower(:username)', { username: username.trim() })
    .andWhere('account.domain IS NULL')
    .getOne();
  const user = account
    ? await manager.getRepository(User).findOne({ where: { accountId: account.id } })
    : null;
  if (!account || !user) throw new UnknownAccountError(username);
  user.account = account;
  return user as User & { account: Account };
}
