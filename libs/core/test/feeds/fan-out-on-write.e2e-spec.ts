import { FAN_OUT_BATCH, FanOutOnWriteService, FeedManager } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import {
  createLocalAccount,
  createRemoteAccount,
  createStatus,
  insertBlock,
  insertFollow,
} from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

/**
 * Fan-out reads followers (and hashtag followers) in batches through one loop, into the feeds
 * of either feed store (Redis, or PostgreSQL with USE_REDIS=never).
 */
describe.each([
  ['Redis', { USE_REDIS: 'always' }],
  ['PostgreSQL', { USE_REDIS: 'never' }],
])('fan-out on write across batches (%s feeds)', (_name, env) => {
  let core: CoreContext;
  let feeds: FeedManager;
  let author: Account;

  beforeAll(async () => {
    core = await startCore({ env });
    feeds = core.app.get(FeedManager);
    author = (await createLocalAccount(core.dataSource)).account;
  });
  afterAll(() => core.close());

  /** `n` local users following the author, in id order. */
  async function localFollowers(n: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await core.dataSource.query(
      `WITH a AS (INSERT INTO accounts (username) SELECT 'fan' || g FROM generate_series(1, $1) g
                  RETURNING id),
            u AS (INSERT INTO users (account_id, email)
                  SELECT id, 'fan' || id || '@example.test' FROM a RETURNING account_id)
       INSERT INTO follows (account_id, target_account_id) SELECT account_id, $2 FROM u
       RETURNING account_id::text AS id`,
      [n, author.id],
    );
    return rows.map((row) => row.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  }

  const inHome = async (accountId: string, statusId: string) =>
    (await feeds.allIds('home', accountId)).includes(statusId);

  it('reaches every admitted follower, the author and hashtag followers, each once', async () => {
    const followers = await localFollowers(FAN_OUT_BATCH + 2);
    const last = followers[followers.length - 1];
    await core.dataSource.query(
      `UPDATE follows SET notify = true WHERE account_id = $1 AND target_account_id = $2`,
      [last, author.id],
    );
    // Left out: a follower blocking the author, a remote follower.
    const blocking = (await createLocalAccount(core.dataSource)).account;
    await insertFollow(core.dataSource, blocking, author);
    await insertBlock(core.dataSource, blocking, author);
    await insertFollow(core.dataSource, await createRemoteAccount(core.dataSource), author);
    // A hashtag follower who does not follow the author, and a follower who follows the tag.
    const tagFan = (await createLocalAccount(core.dataSource)).account;
    const status = await createStatus(core.dataSource, author, { text: 'about #cats' });
    await core.dataSource.query(
      `WITH t AS (INSERT INTO tags (name) VALUES ('cats') RETURNING id),
            s AS (INSERT INTO statuses_tags (tag_id, status_id) SELECT id, $1 FROM t)
       INSERT INTO tag_follows (account_id, tag_id) SELECT unnest($2::bigint[]), id FROM t`,
      [status.id, [tagFan.id, followers[0]]],
    );

    const result = await core.app.get(FanOutOnWriteService).call(status.id);

    expect(result).toEqual({ homeFeeds: followers.length + 1, listFeeds: 0, tagFeeds: 1 });
    for (const id of [author.id, followers[0], followers[FAN_OUT_BATCH], last, tagFan.id]) {
      expect(await inHome(id, status.id)).toBe(true);
    }
    expect(await inHome(blocking.id, status.id)).toBe(false);
    const notified: Array<{ account_id: string }> = await core.dataSource.query(
      `SELECT account_id::text FROM notifications WHERE type = 'status' AND status_id = $1`,
      [status.id],
    );
    expect(notified).toEqual([{ account_id: last }]);
  });
});
