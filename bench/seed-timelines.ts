import { RegenerateHomeFeedService } from '@nestodon/core';
import { createAccessToken } from '@nestodon/testing';
import { DataSource } from 'typeorm';
import type { BenchContext } from './benchmark';

/** What the timeline benchmarks seed (the figures). */
export const TIMELINE_SEED = { accounts: 100, follows: 50, statuses: 10_000 };

export interface SeededUsers {
  /** Authorization header values, one per account. */
  auths: string[];
  accountIds: string[];
}

/**
 * Local accounts (with users) named `<prefix>0..n-1`, created in bulk; returns their ids in
 * order.
 */
export async function insertLocalAccounts(
  dataSource: DataSource,
  prefix: string,
  count: number,
): Promise<Array<{ accountId: string; userId: string }>> {
  return dataSource.query(
    `WITH a AS (
       INSERT INTO accounts (username, domain)
       SELECT $1 || n, NULL FROM generate_series(0, $2 - 1) n
       RETURNING id, username
     ), u AS (
       INSERT INTO users (account_id, email, confirmed_at, approved)
       SELECT id, username || '@bench.example', now(), true FROM a
       RETURNING id, account_id
     )
     SELECT a.id::text AS "accountId", u.id::text AS "userId"
       FROM a JOIN u ON u.account_id = a.id
      ORDER BY substring(a.username FROM length($1) + 1)::int`,
    [prefix, count],
  );
}

/**
 * 100 accounts each following the next 50, 10,000 public statuses spread over them (one in
 * ten a reblog, one in ten a reply to a followed account), and every home feed built (as the
 * worker's regeneration does), so reads hit warm feeds.
 */
export async function seedTimelines({ app, dataSource }: BenchContext): Promise<SeededUsers> {
  const { accounts, follows, statuses } = TIMELINE_SEED;
  const users = await insertLocalAccounts(dataSource, 'user', accounts);
  const ids = users.map((user) => user.accountId);
  // A display name and a bio with its HTML stored, as profile updates store them.
  await dataSource.query(
    `UPDATE accounts
        SET display_name = 'Bench user ' || id,
            note = 'Benchmark account ' || id || '. Posts about #bench',
            note_html = '<p>Benchmark account ' || id || '. Posts about <a href="https://bench.example/tags/bench">#bench</a></p>'
      WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  await dataSource.query(
    `INSERT INTO follows (account_id, target_account_id)
     SELECT ($1::bigint[])[i + 1], ($1::bigint[])[((i + k) % $2) + 1]
       FROM generate_series(0, $2 - 1) i, generate_series(1, $3) k`,
    [ids, accounts, follows],
  );
  await dataSource.query(
    `INSERT INTO statuses (account_id, text, content_html, visibility, language, local, created_at)
     SELECT ($1::bigint[])[(n % $2) + 1], 'Status number ' || n || ' with a little text #bench',
            '<p>Status number ' || n || ' with a little text <a href="https://bench.example/tags/bench">#bench</a></p>',
            0, 'en', true, now() - make_interval(secs => $3 - n)
       FROM generate_series(1, $3) n`,
    [ids, accounts, statuses],
  );
  // One in ten: a reply to the previous status of a followed account; one in ten: a reblog.
  await dataSource.query(
    `UPDATE statuses s SET reply = true, in_reply_to_id = p.id, in_reply_to_account_id = p.account_id
       FROM statuses p
      WHERE s.id % 10 = 3 AND p.id = (SELECT max(id) FROM statuses q WHERE q.id < s.id
                                        AND q.account_id <> s.account_id)`,
  );
  await dataSource.query(
    `INSERT INTO statuses (account_id, reblog_of_id, visibility, local, created_at)
     SELECT ($1::bigint[])[((s.id % $2) + 7) % $2 + 1], s.id, 0, true, s.created_at + interval '1 second'
       FROM statuses s WHERE s.id % 10 = 5 AND s.reblog_of_id IS NULL`,
    [ids, accounts],
  );
  // Originals carry the #bench tag, as posting records it.
  await dataSource.query(
    `WITH t AS (INSERT INTO tags (name) VALUES ('bench') RETURNING id)
     INSERT INTO statuses_tags (status_id, tag_id)
     SELECT s.id, t.id FROM statuses s, t WHERE s.reblog_of_id IS NULL`,
  );
  await dataSource.query(`INSERT INTO status_stats (status_id) SELECT id FROM statuses`);
  await dataSource.query(`ANALYZE`);
  const regeneration = app.get(RegenerateHomeFeedService);
  for (const id of ids) await regeneration.call(id);
  const auths: string[] = [];
  for (const user of users) {
    auths.push(`Bearer ${await createAccessToken(dataSource, { user: { id: user.userId } })}`);
  }
  return { auths, accountIds: ids };
}
