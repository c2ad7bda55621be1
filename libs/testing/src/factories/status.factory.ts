import {
  Account,
  Conversation,
  MediaAttachment,
  Poll,
  Status,
  StatusVisibility,
} from '@nestodon/domain';
import { DataSource, DeepPartial } from 'typeorm';

/**
 * A status row written directly (no services, no counters): for read-path tests that need
 * many statuses quickly. Post through the API or PostStatusService to test posting itself.
 */
export async function createStatus(
  dataSource: DataSource,
  account: Pick<Account, 'id' | 'domain'>,
  attributes: DeepPartial<Status> & { mentions?: Array<Pick<Account, 'id'>> } = {},
): Promise<Status> {
  const { mentions, ...rest } = attributes;
  const conversationId =
    rest.conversationId ?? (await dataSource.getRepository(Conversation).save({})).id;
  const text = rest.text ?? `status ${Math.random().toString(36).slice(2, 8)}`;
  const status = await dataSource.getRepository(Status).save({
    accountId: account.id,
    text,
    contentHtml: `<p>${text.replace(/[&<>"']/g, '')}</p>`,
    visibility: StatusVisibility.Public,
    local: account.domain === null,
    conversationId,
    reply: rest.inReplyToId !== undefined && rest.inReplyToId !== null,
    ...rest,
  } as DeepPartial<Status>);
  if (mentions?.length) {
    await dataSource.query(
      `INSERT INTO mentions (status_id, account_id) SELECT $1, unnest($2::bigint[])`,
      [status.id, mentions.map((mentioned) => mentioned.id)],
    );
  }
  return status;
}

/** A reblog row of `original` by `account`. */
export async function createReblog(
  dataSource: DataSource,
  account: Pick<Account, 'id' | 'domain'>,
  original: Pick<Status, 'id'>,
  attributes: DeepPartial<Status> = {},
): Promise<Status> {
  return createStatus(dataSource, account, {
    text: '',
    contentHtml: null,
    reblogOfId: original.id,
    ...attributes,
  });
}

/**
 * A processed, unattached media attachment of `account`, written directly (no files stored):
 * upload through the API or UploadMediaService to test uploads themselves.
 */
export async function createMediaAttachment(
  dataSource: DataSource,
  account: Pick<Account, 'id'>,
  attributes: DeepPartial<MediaAttachment> = {},
): Promise<MediaAttachment> {
  return dataSource.getRepository(MediaAttachment).save({
    accountId: account.id,
    type: 'image',
    fileFileName: `${Math.random().toString(36).slice(2, 10)}.png`,
    fileContentType: 'image/png',
    fileFileSize: 1024,
    meta: {
      original: { width: 640, height: 480, size: '640x480', aspect: 4 / 3 },
      small: { width: 554, height: 415, size: '554x415', aspect: 554 / 415 },
    },
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    description: null,
    ...attributes,
  });
}

/** A poll attached to an existing status. */
export async function createPoll(
  dataSource: DataSource,
  status: Pick<Status, 'id' | 'accountId'>,
  attributes: DeepPartial<Poll> = {},
): Promise<Poll> {
  const options = (attributes.options as string[] | undefined) ?? ['yes', 'no'];
  const poll = await dataSource.getRepository(Poll).save({
    accountId: status.accountId,
    statusId: status.id,
    options,
    cachedTallies: options.map(() => 0),
    expiresAt: new Date(Date.now() + 3600_000),
    votesCount: 0,
    votersCount: 0,
    ...attributes,
  } as DeepPartial<Poll>);
  await dataSource.getRepository(Status).update({ id: status.id }, { pollId: poll.id });
  return poll;
}

/** Inserts account_id → target_account_id rows of `table` (row only), kept if present. */
function relationRowInserter(table: 'follows' | 'blocks' | 'mutes') {
  return async (
    dataSource: DataSource,
    account: Pick<Account, 'id'>,
    target: Pick<Account, 'id'>,
  ): Promise<void> => {
    await dataSource.query(
      `INSERT INTO ${table} (account_id, target_account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [account.id, target.id],
    );
  };
}

/** `insertFollow(dataSource, follower, target)`: a follow row; counters untouched. */
export const insertFollow = relationRowInserter('follows');

/** `insertBlock(dataSource, blocker, target)`: a block row. */
export const insertBlock = relationRowInserter('blocks');

/** `insertMute(dataSource, muter, target)`: a mute row. */
export const insertMute = relationRowInserter('mutes');
