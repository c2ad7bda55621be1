import { Injectable } from '@nestjs/common';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { reportAuthRowChange } from '../auth-row-changes';
import { Account } from '../entities/account.entity';
import { Transaction } from '../transactions';

/** A local actor's key pairs, PEM encoded (SPKI public keys, PKCS#8 private keys). */
export interface ActorKeyPems {
  rsaPublicKey: string;
  rsaPrivateKey: string;
  ed25519PublicKey: string;
  ed25519PrivateKey: string;
}

/** A handle to look up: `domain` null for a local account. */
export interface AccountHandle {
  username: string;
  domain: string | null;
}

/** What a remote actor's document says about its account (ActivityPub id required). */
export type RemoteAccountValues = Pick<
  Account,
  | 'username'
  | 'domain'
  | 'displayName'
  | 'note'
  | 'url'
  | 'inboxUrl'
  | 'outboxUrl'
  | 'sharedInboxUrl'
  | 'followersUrl'
  | 'followingUrl'
  | 'featuredCollectionUrl'
  | 'actorType'
  | 'publicKey'
  | 'ed25519PublicKey'
  | 'locked'
  | 'discoverable'
  | 'indexable'
  | 'memorial'
  | 'fields'
  | 'avatarRemoteUrl'
  | 'headerRemoteUrl'
  | 'lastWebfingeredAt'
  | 'alsoKnownAs'
> & { uri: string; updatedAt?: Date };

const toColumnName = (property: string) => property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Rows of `accounts`, shared by every feature that reads or writes accounts (accounts,
 * relationships, suggestions, tags, statuses). Usernames and domains compare
 * case-insensitively. "Visible" reads are what the public API may show: a local account only
 * once its user has confirmed the e-mail address and been approved.
 */
const KEY_COLUMNS = `public_key, private_key, ed25519_public_key, ed25519_private_key`;

function keyPems(row: Record<string, string>): ActorKeyPems {
  return {
    rsaPublicKey: row.public_key,
    rsaPrivateKey: row.private_key,
    ed25519PublicKey: row.ed25519_public_key,
    ed25519PrivateKey: row.ed25519_private_key,
  };
}

@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(id: string, tx?: Transaction): Promise<Account | null> {
    return this.manager(tx).getRepository(Account).findOneBy({ id });
  }

  /** Accounts by id, in the order of `ids` (unknown ones left out). */
  async findByIds(ids: string[]): Promise<Account[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const accounts = await this.dataSource.getRepository(Account).findBy({ id: In(unique) });
    const byId = new Map(accounts.map((account) => [String(account.id), account]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  /** The account whose ActivityPub id is `uri` (remote accounts keep theirs), or null. */
  findByUri(uri: string): Promise<Account | null> {
    return this.dataSource.getRepository(Account).findOneBy({ uri });
  }

  /** The local account of a username, or null. */
  findLocalByUsername(username: string, tx?: Transaction): Promise<Account | null> {
    return this.localByUsername(username, tx).getOne();
  }

  localUsernameTaken(username: string, tx?: Transaction): Promise<boolean> {
    return this.localByUsername(username, tx).getExists();
  }

  /** Accounts of the handles that are not suspended, in no particular order. */
  async findByHandles(handles: AccountHandle[]): Promise<Account[]> {
    if (handles.length === 0) return [];
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .where(
        `(lower(a.username), COALESCE(lower(a.domain), '')) IN
           (SELECT lower(h.username), lower(h.domain)
              FROM unnest(CAST(:usernames AS text[]), CAST(:domains AS text[])) AS h(username, domain))`,
        {
          usernames: handles.map((handle) => handle.username),
          domains: handles.map((handle) => handle.domain ?? ''),
        },
      )
      .andWhere('a.suspended_at IS NULL')
      .getMany();
  }

  /** A visible account by id. */
  findVisibleById(id: string): Promise<Account | null> {
    return this.visible().andWhere('account.id = :id', { id }).getOne();
  }

  /** Visible accounts by id, in the order of `ids`. */
  async findVisibleByIds(ids: string[]): Promise<Account[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.visible()
      .andWhere('account.id IN (:...ids)', { ids: unique })
      .getMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  /** A visible account by handle. */
  findVisibleByHandle(handle: AccountHandle): Promise<Account | null> {
    const query = this.visible().andWhere('lower(account.username) = lower(:username)', {
      username: handle.username,
    });
    if (handle.domain === null) query.andWhere('account.domain IS NULL');
    else query.andWhere('lower(account.domain) = lower(:domain)', { domain: handle.domain });
    return query.getOne();
  }

  /** Inserts a local account with its keys; the returned entity carries the private keys. */
  insertLocal(username: string, keys: ActorKeyPems, tx?: Transaction): Promise<Account> {
    const accounts = this.manager(tx).getRepository(Account);
    return accounts.save(
      accounts.create({
        username,
        domain: null,
        publicKey: keys.rsaPublicKey,
        privateKey: keys.rsaPrivateKey,
        ed25519PublicKey: keys.ed25519PublicKey,
        ed25519PrivateKey: keys.ed25519PrivateKey,
      }),
    );
  }

  /**
   * Inserts a remote account or, when its ActivityPub id is known, updates it in place (the
   * same actor fetched again); returns the row as stored. `onInsert` is written only to a new
   * row (a moderation state its server's domain block gives it at creation).
   */
  async upsertRemote(
    values: RemoteAccountValues,
    onInsert: Partial<Pick<Account, 'silencedAt' | 'suspendedAt'>> = {},
    tx?: Transaction,
  ): Promise<Account> {
    const accounts = this.manager(tx).getRepository(Account);
    await accounts
      .createQueryBuilder()
      .insert()
      .values({ ...onInsert, ...values })
      .orUpdate(
        Object.keys(values)
          .filter((column) => column !== 'uri')
          .map(toColumnName),
        ['uri'],
        { indexPredicate: 'uri IS NOT NULL' },
      )
      .execute();
    return accounts.findOneByOrFail({ uri: values.uri });
  }

  /** A local account's key pairs; null when it has none (or not both kinds) yet. */
  async localActorKeys(id: string): Promise<ActorKeyPems | null> {
    const [row] = await this.dataSource.query(
      `SELECT ${KEY_COLUMNS} FROM accounts
        WHERE id = $1 AND domain IS NULL
          AND private_key IS NOT NULL AND ed25519_private_key IS NOT NULL`,
      [id],
    );
    return row ? keyPems(row) : null;
  }

  /**
   * Gives a local account the kinds of key pair it lacks (accounts older than Ed25519 keys, or
   * made without keys), keeping any it has; concurrent callers agree on one result.
   */
  async fillMissingActorKeys(id: string, keys: ActorKeyPems): Promise<ActorKeyPems | null> {
    // SET expressions see the row as it was, so each pair is replaced only when absent.
    const [rows] = await this.dataSource.query(
      `UPDATE accounts SET
         public_key = CASE WHEN private_key IS NULL THEN $2 ELSE public_key END,
         private_key = COALESCE(private_key, $3),
         ed25519_public_key = CASE WHEN ed25519_private_key IS NULL THEN $4 ELSE ed25519_public_key END,
         ed25519_private_key = COALESCE(ed25519_private_key, $5)
       WHERE id = $1 AND domain IS NULL
       RETURNING ${KEY_COLUMNS}`,
      [id, keys.rsaPublicKey, keys.rsaPrivateKey, keys.ed25519PublicKey, keys.ed25519PrivateKey],
    );
    reportAuthRowChange(this.dataSource.manager, { table: 'accounts', id });
    return rows[0] ? keyPems(rows[0]) : null;
  }

  /** Replaces a local account's key pairs (`accounts rotate`). */
  async replaceActorKeys(id: string, keys: ActorKeyPems): Promise<boolean> {
    const [, affected] = await this.dataSource.query(
      `UPDATE accounts SET public_key = $2, private_key = $3,
              ed25519_public_key = $4, ed25519_private_key = $5, updated_at = now()
        WHERE id = $1 AND domain IS NULL`,
      [id, keys.rsaPublicKey, keys.rsaPrivateKey, keys.ed25519PublicKey, keys.ed25519PrivateKey],
    );
    reportAuthRowChange(this.dataSource.manager, { table: 'accounts', id });
    return affected > 0;
  }

  async update(id: string, changes: Partial<Account>, tx?: Transaction): Promise<void> {
    // Reported by id: the ORM's own report of an update does not say which row it was.
    const manager = this.manager(tx);
    await manager
      .createQueryBuilder()
      .update(Account)
      .set(changes)
      .where({ id })
      .callListeners(false)
      .execute();
    reportAuthRowChange(manager, { table: 'accounts', id });
  }

  /** Whether the account is local with a user (one who can sign in and has feeds). */
  async isLocalUser(accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM accounts a JOIN users u ON u.account_id = a.id WHERE a.id = $1 AND a.domain IS NULL`,
      [accountId],
    );
    return rows.length > 0;
  }

  /** Locks the account row until the transaction ends (serialises changes per account). */
  async lock(id: string, tx: Transaction): Promise<void> {
    await tx.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [id]);
  }

  private localByUsername(username: string, tx?: Transaction): SelectQueryBuilder<Account> {
    return this.manager(tx)
      .getRepository(Account)
      .createQueryBuilder('account')
      .where('lower(account.username) = lower(:username)', { username })
      .andWhere('account.domain IS NULL');
  }

  private visible(): SelectQueryBuilder<Account> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .leftJoin('users', 'u', 'u.account_id = account.id')
      .where(
        '(account.domain IS NOT NULL OR (u.id IS NOT NULL AND u.confirmed_at IS NOT NULL AND u.approved))',
      );
  }

  private manager(tx?: Transaction): Transaction {
    return tx ?? this.dataSource.manager;
  }
}
