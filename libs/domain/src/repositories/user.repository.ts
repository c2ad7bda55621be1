import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { reportAuthRowChange } from '../auth-row-changes';
import { Account } from '../entities/account.entity';
import { UserRole } from '../entities/user-role.entity';
import { User } from '../entities/user.entity';
import { EVERYONE_ROLE_ID } from '../permissions';
import { PreparedEntityQuery } from './raw-rows';
import { Transaction } from '../transactions';
import { StoredUserSettings } from '../user-settings';

/** A user with the account and role that signing in and sessions need. */
export type UserWithAccount = User & { account: Account; role?: UserRole | null };

/** Columns a plain update may change (settings merge through mergeSettings). */
export type UserChanges = Partial<Omit<User, 'id' | 'account' | 'role' | 'settings'>>;

/** Rows of `users`, the logins of local accounts. E-mail addresses compare case-insensitively. */
@Injectable()
export class UserRepository {
  private readonly ofAccount: PreparedEntityQuery<User>;

  constructor(private readonly dataSource: DataSource) {
    this.ofAccount = new PreparedEntityQuery(
      dataSource,
      User,
      'u',
      (select) => `SELECT ${select} FROM users u WHERE u.account_id = $1`,
    );
  }

  /** The user of a local account, or null (a prepared statement: every post reads it). */
  async findByAccountId(accountId: string, tx?: Transaction): Promise<User | null> {
    const [user] = await this.ofAccount.run([accountId], tx);
    return user ?? null;
  }

  findWithAccount(id: string, tx?: Transaction): Promise<UserWithAccount | null> {
    return this.manager(tx)
      .getRepository(User)
      .findOne({ where: { id }, relations: { account: true } }) as Promise<UserWithAccount | null>;
  }

  findWithRole(id: string, tx?: Transaction): Promise<(User & { role: UserRole | null }) | null> {
    return this.manager(tx)
      .getRepository(User)
      .findOne({ where: { id }, relations: { role: true } }) as Promise<
      (User & { role: UserRole | null }) | null
    >;
  }

  /** The user of a local account by username, with the account. */
  findByLocalUsername(username: string, tx?: Transaction): Promise<UserWithAccount | null> {
    return this.manager(tx)
      .getRepository(User)
      .createQueryBuilder('user')
      .innerJoinAndSelect('user.account', 'account')
      .where('lower(account.username) = lower(:username)', { username })
      .andWhere('account.domain IS NULL')
      .getOne() as Promise<UserWithAccount | null>;
  }

  /** With its password digest, account and role, for a password sign-in. */
  findForSignIn(email: string): Promise<UserWithAccount | null> {
    return this.signedIn()
      .addSelect('user.encryptedPassword')
      .where('lower(user.email) = lower(:email)', { email })
      .getOne() as Promise<UserWithAccount | null>;
  }

  /** With its account and role, for a web session. */
  findSignedIn(id: string): Promise<UserWithAccount | null> {
    return this.signedIn()
      .where('user.id = :id', { id })
      .getOne() as Promise<UserWithAccount | null>;
  }

  /** The user a confirmation token digest names, locked until the transaction ends. */
  lockByConfirmationDigest(digest: string, tx: Transaction): Promise<User | null> {
    return tx
      .getRepository(User)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.confirmationTokenDigest = :digest', { digest })
      .getOne();
  }

  /** Whether another user (not `exceptUserId`) signs in with this address. */
  emailTaken(email: string, exceptUserId: string | null, tx?: Transaction): Promise<boolean> {
    const query = this.manager(tx)
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email });
    if (exceptUserId) query.andWhere('u.id <> :id', { id: exceptUserId });
    return query.getExists();
  }

  insert(values: Partial<User>, tx?: Transaction): Promise<User> {
    const users = this.manager(tx).getRepository(User);
    return users.save(users.create(values));
  }

  /** Whether the user exists (and was updated). */
  async update(id: string, changes: UserChanges, tx?: Transaction): Promise<boolean> {
    // Reported by id: the ORM's own report of an update does not say which row it was.
    const manager = this.manager(tx);
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set(changes)
      .where({ id })
      .callListeners(false)
      .execute();
    reportAuthRowChange(manager, { table: 'users', id });
    return Boolean(result.affected);
  }

  /** Merges `settings` into the stored settings (keys not given stay as they are). */
  async mergeSettings(id: string, settings: StoredUserSettings, tx?: Transaction): Promise<void> {
    const manager = this.manager(tx);
    await manager.query(
      `UPDATE users SET settings = settings || $1::jsonb, updated_at = now() WHERE id = $2`,
      [JSON.stringify(settings), id],
    );
    reportAuthRowChange(manager, { table: 'users', id });
  }

  /**
   * Account ids of enabled users whose roles (their own and the everyone role) grant any of
   * the `permissions` bits, but not `exceptAccountId`, oldest user first.
   */
  async accountIdsWithAnyPermission(
    permissions: bigint,
    exceptAccountId: string,
  ): Promise<string[]> {
    const rows: Array<{ account_id: string }> = await this.dataSource.query(
      `SELECT u.account_id::text FROM users u
         LEFT JOIN user_roles r ON r.id = u.role_id
         LEFT JOIN user_roles e ON e.id = $3
        WHERE NOT u.disabled AND u.account_id <> $1
          AND ((COALESCE(r.permissions, 0) | COALESCE(e.permissions, 0)) & $2::bigint) <> 0
        ORDER BY u.id`,
      [exceptAccountId, permissions.toString(), EVERYONE_ROLE_ID],
    );
    return rows.map((row) => row.account_id);
  }

  /** Usernames of users awaiting approval, oldest sign-up first; all of them without `limit`. */
  async pendingUsernames(limit?: number): Promise<string[]> {
    const rows: Array<{ username: string }> = await this.dataSource.query(
      `SELECT a.username FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE NOT u.approved ORDER BY u.created_at, u.id LIMIT $1`,
      [limit ?? null],
    );
    return rows.map((row) => row.username);
  }

  /** The local account id of the user with this address (case-insensitive). */
  async accountIdByEmail(email: string): Promise<string | null> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
    return user?.accountId ?? null;
  }

  /**
   * Account ids of users who may use the API (confirmed, approved, enabled, not suspended),
   * in id order after `afterAccountId`, `limit` at a time.
   */
  async functionalAccountIds(afterAccountId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT a.id::text FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE u.confirmed_at IS NOT NULL AND u.approved AND NOT u.disabled
          AND a.suspended_at IS NULL AND a.id > $1
        ORDER BY a.id LIMIT $2`,
      [afterAccountId, limit],
    );
    return rows.map((row) => row.id);
  }

  private signedIn(): SelectQueryBuilder<User> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .innerJoinAndSelect('user.account', 'account')
      .leftJoinAndSelect('user.role', 'role');
  }

  private manager(tx?: Transaction): Transaction {
    return tx ?? this.dataSource.manager;
  }
}
