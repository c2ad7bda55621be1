import type { INestApplicationContext } from '@nestjs/common';
import { FeedManager, redisFeedKey } from '@nestodon/core';
import { RedisService } from '@nestodon/platform';
import { createAccessToken } from '@nestodon/testing';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const AUTHORS = 10;
const FOLLOWERS = 100;
/** Longest wait for the feeds after the load, before the run fails. */
const FEEDS_TIMEOUT_MS = 120_000;

interface Posting {
  authors: Array<{ accountId: string; auth: string; followerIds: string[] }>;
  worker: INestApplicationContext;
}

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/**
 * POST /api/v1/statuses from 10 users in turn, each followed by 100 local accounts of its own
 * (their feeds built); a worker in this process fans out meanwhile, off the request path. After
 * the load, prints how long until every follower's feed holds its author's last post.
 */
export default defineBenchmark<Posting>({
  description: `POST /api/v1/statuses from ${AUTHORS} users with ${FOLLOWERS} followers each`,
  async setup({ app, config, dataSource }) {
    const authorUsers = await insertLocalAccounts(dataSource, 'author', AUTHORS);
    const followerUsers = await insertLocalAccounts(dataSource, 'follower', AUTHORS * FOLLOWERS);
    const feeds = app.get(FeedManager);
    const authors: Posting['authors'] = [];
    for (const [index, author] of authorUsers.entries()) {
      const followerIds = followerUsers
        .slice(index * FOLLOWERS, (index + 1) * FOLLOWERS)
        .map((follower) => follower.accountId);
      await dataSource.query(
        `INSERT INTO follows (account_id, target_account_id) SELECT unnest($1::bigint[]), $2`,
        [followerIds, author.accountId],
      );
      for (const id of [author.accountId, ...followerIds]) await feeds.markReady(id);
      const token = await createAccessToken(dataSource, { user: { id: author.userId } });
      authors.push({ accountId: author.accountId, auth: `Bearer ${token}`, followerIds });
    }
    await dataSource.query('ANALYZE');
    const worker = await createWorkerApp(config);
    await worker.init();
    return { authors, worker };
  },
  requests: (_ctx, { authors }) =>
    authors.map(({ auth }, index) => ({
      method: 'POST',
      path: '/api/v1/statuses',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: `A post by author ${index} about #bench` }),
    })),
  async afterLoad({ app, dataSource }, { authors, worker }, measured) {
    try {
      if (!measured) return;
      const started = now();
      const redis = app.get(RedisService).client;
      const last: Array<{ account_id: string; id: string }> = await dataSource.query(
        `SELECT account_id::text, max(id)::text AS id FROM statuses
          WHERE account_id = ANY($1::bigint[]) GROUP BY account_id`,
        [authors.map((author) => author.accountId)],
      );
      const lastOf = new Map(last.map((row) => [row.account_id, row.id]));
      const complete = async () => {
        const pipeline = redis.pipeline();
        for (const author of authors) {
          for (const id of author.followerIds) {
            pipeline.zscore(redisFeedKey('home', id), lastOf.get(author.accountId)!);
          }
        }
        return ((await pipeline.exec()) ?? []).every(([, score]) => score !== null);
      };
      while (!(await complete())) {
        if (now() - started > FEEDS_TIMEOUT_MS) throw new Error('feeds still incomplete');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      process.stdout.write(
        `bench: every follower's feed held its author's last post ` +
          `${(now() - started).toFixed(0)} ms after the load ended ` +
          `(${AUTHORS * FOLLOWERS} feeds)\n`,
      );
    } finally {
      await worker.close();
    }
  },
});
