import { FeedManager, redisFeedKey } from '@nestodon/core';
import { RedisService } from '@nestodon/platform';
import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { startWorker } from '../environment';
import { insertLocalAccounts } from '../seed-timelines';

const AUTHORS = 10;
const FOLLOWERS = 100;
/** Longest wait for the feeds after the load, before the run fails. */
const FEEDS_TIMEOUT_MS = 120_000;

interface Posting {
  authors: Array<{ accountId: string; auth: string; followerIds: string[] }>;
  worker: { stop(): Promise<void> };
}

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/**
 * POST /api/v1/statuses from 10 users in turn, each followed by 100 local accounts of its own
 * (their feeds built); a worker process of its own fans out meanwhile, off the request path.
 * After the load, prints how long until every follower's feed holds its author's last post.
 */
export default defineBenchmark<Posting>({
  description: `POST /api/v1/statuses from ${AUTHORS} users with ${FOLLOWERS} followers each`,
  async setup({ app, dataSource }) {
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
    return { authors, worker: await startWorker() };
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
      const posts: Array<{ account_id: string; id: string }> = await dataSource.query(
        `SELECT account_id::text, id::text FROM statuses
          WHERE account_id = ANY($1::bigint[]) ORDER BY id`,
        [authors.map((author) => author.accountId)],
      );
      const lastOf = new Map(posts.map((post) => [post.account_id, post.id]));
      const followersOf = new Map(authors.map((author) => [author.accountId, author.followerIds]));
      // One job fills all 100 feeds of a post at once: a post missing from its author's first
      // follower's feed was not fanned out yet.
      const pending = await redis
        .pipeline(
          posts.map((post) => [
            'zscore',
            redisFeedKey('home', followersOf.get(post.account_id)![0]),
            post.id,
          ]),
        )
        .exec();
      const backlog = (pending ?? []).filter(([, score]) => score === null).length;
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
      const elapsed = now() - started;
      // The lag alone grows with how many posts the api took: the backlog and the worker's rate
      // on it (the api idle) say whether the worker or the api changed.
      process.stdout.write(
        `bench: every follower's feed held its author's last post ` +
          `${elapsed.toFixed(0)} ms after the load ended ` +
          `(${AUTHORS * FOLLOWERS} feeds); ${backlog} of ${posts.length} posts were not ` +
          `fanned out yet when it ended` +
          (backlog > 0 ? `, ${((backlog * 1000) / elapsed).toFixed(1)} posts/s after it` : '') +
          '\n',
      );
    } finally {
      await worker.stop();
    }
  },
});
