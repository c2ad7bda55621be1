import { Account, Status, StatusVisibility } from '@nestodon/domain';
import {
  AccountWithToken,
  authWithScopes,
  createAccountWithToken,
  createRemoteAccount,
} from '@nestodon/testing';
import { DataSource, DeepPartial } from 'typeorm';

export type TimelineActor = AccountWithToken;

export const actor = createAccountWithToken;

/** Another token of the same user with other scopes (403 checks). */
export const authWith = authWithScopes;

export async function remote(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
): Promise<Account> {
  return createRemoteAccount(dataSource, attributes);
}

/** A follow row as FollowService would leave it (without counters). */
export async function follow(
  dataSource: DataSource,
  from: Pick<Account, 'id'>,
  to: Pick<Account, 'id'>,
  options: { showReblogs?: boolean; notify?: boolean; languages?: string[] | null } = {},
): Promise<string> {
  const [row]: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO follows (account_id, target_account_id, show_reblogs, notify, languages)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
    [
      from.id,
      to.id,
      options.showReblogs ?? true,
      options.notify ?? false,
      options.languages ?? null,
    ],
  );
  return row.id;
}

export interface StatusAttributes {
  text?: string;
  visibility?: StatusVisibility;
  language?: string | null;
  inReplyTo?: Status | null;
  reblogOf?: Status | null;
  spoilerText?: string;
  mentions?: Array<Pick<Account, 'id'>>;
  tags?: string[];
  createdAt?: Date;
}

/** A status row written directly (no fan-out), with mentions and tags. */
export async function insertStatus(
  dataSource: DataSource,
  author: Pick<Account, 'id' | 'domain'>,
  attributes: StatusAttributes = {},
): Promise<Status> {
  const [row]: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO statuses (account_id, text, visibility, language, reply, in_reply_to_id,
                           in_reply_to_account_id, reblog_of_id, local, spoiler_text, uri, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12, now()))
     RETURNING id::text`,
    [
      author.id,
      attributes.reblogOf ? '' : (attributes.text ?? 'Hello'),
      attributes.visibility ?? StatusVisibility.Public,
      attributes.language === undefined ? 'en' : attributes.language,
      Boolean(attributes.inReplyTo),
      attributes.inReplyTo?.id ?? null,
      attributes.inReplyTo?.accountId ?? null,
      attributes.reblogOf?.id ?? null,
      author.domain === null,
      attributes.spoilerText ?? '',
      author.domain === null
        ? null
        : `https://${author.domain}/statuses/${Math.random().toString(36).slice(2)}`,
      attributes.createdAt ?? null,
    ],
  );
  for (const mentioned of attributes.mentions ?? []) {
    await dataSource.query(`INSERT INTO mentions (status_id, account_id) VALUES ($1, $2)`, [
      row.id,
      mentioned.id,
    ]);
  }
  for (const name of attributes.tags ?? []) {
    await dataSource.query(`INSERT INTO tags (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [
      name.toLowerCase(),
    ]);
    await dataSource.query(
      `INSERT INTO statuses_tags (tag_id, status_id) SELECT id, $2 FROM tags WHERE name = $1`,
      [name.toLowerCase(), row.id],
    );
  }
  return (await dataSource.getRepository(Status).findOneBy({ id: row.id }))!;
}
