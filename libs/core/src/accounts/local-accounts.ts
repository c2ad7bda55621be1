import {
  Account,
  AccountRepository,
  RecordNotFoundError,
  Transaction,
  UserRepository,
  UserWithAccount,
} from '@nestodon/domain';

/** What the operator CLI answers when a username names no local account. */
export class UnknownAccountError extends RecordNotFoundError {
  constructor(readonly username: string) {
    super(`No local account is named "${username}"`);
  }
}

/** `alice` or `@alice`, as operators type local usernames. */
const bareUsername = (username: string) => username.trim().replace(/^@/, '');

/** The local account of a username (case-insensitive); UnknownAccountError otherwise. */
export async function requireLocalAccount(
  accounts: AccountRepository,
  username: string,
  tx?: Transaction,
): Promise<Account> {
  const account = await accounts.findLocalByUsername(bareUsername(username), tx);
  if (!account) throw new UnknownAccountError(username);
  return account;
}

/** The user of a local account by username, with the account; UnknownAccountError otherwise. */
export async function requireLocalUser(
  users: UserRepository,
  username: string,
  tx?: Transaction,
): Promise<UserWithAccount> {
  const user = await users.findByLocalUsername(bareUsername(username), tx);
  if (!user) throw new UnknownAccountError(username);
  return user;
}
