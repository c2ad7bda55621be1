import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { FeedManager, RegenerateHomeFeedService } from '@nestodon/core';
import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const FOLLOWERS = 5000;
const POSTS = 5;

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/**
 * Fan-out on write: an account with 5,000 local followers posts; measured from the POST until
 * the status is in every home feed (the api enqueues, a worker in this process fans out). Runs
 * POSTS times and prints each; the load phase then reads one follower's home timeline.
 */
export default defineBenchmark<{ auth: string }>({
  description: `fan-out of one post to ${FOLLOWERS} home feeds, then GET /api/v1/timelines/home of a follower`,
  async setup({ app, config, dataSource, url }) {
    const [author] = await insertLocalAccounts(dataSource, 'author', 1);
    const followers = await insertLocalAccounts(dataSource, 'follower', FOLLOWERS);
    await dataSource.query(
      `INSERT INTO follows (account_id, target_account_id) SELECT unnest($1::bigint[]), $2`,
      [followers.map((f) => f.accountId), author.accountId],
    );
    await dataSource.query('ANALYZE');
    const feeds = app.get(FeedManager);
    const regeneration = app.get(RegenerateHomeFeedService);
    for (const follower of followers) await feeds.markReady(follower.accountId);
    await regeneration.call(author.accountId);
    const authorAuth = `Bearer ${await createAccessToken(dataSource, { user: { id: author.userId } })}`;
    const owners = [author, ...followers].map((who) => who.accountId);
    const sample = owners.filter((_, i) => i % 500 === 0 || i === owners.length - 1);

    const worker = await createWorkerApp(config);
    await worker.init();
    try {
      const timings: number[] = [];
      for (let i = 0; i < POSTS; i++) {
        const started = now();
        const response = await fetch(`${url}/api/v1/statuses`, {
          method: 'POST',
          headers: { authorization: authorAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ status: `Post ${i} to ${FOLLOWERS} followers` }),
        });
        const { id } = (await response.json()) as { id: string };
        // Through the feed store, so the benchmark measures whichever adapter is configured.
        const inAll = async (list: string[]) =>
          (await Promise.all(list.map((owner) => feeds.allIds('home', owner)))).every((feed) =>
            feed.includes(id),
          );
        while (!(await inAll(sample))) await new Promise((resolve) => setTimeout(resolve, 2));
        const elapsed = now() - started;
        if (!(await inAll(owners))) throw new Error(`post ${id} is missing from some feeds`);
        timings.push(elapsed);
        process.stdout.write(
          `bench: post ${i + 1} reached ${owners.length} home feeds in ${elapsed.toFixed(0)} ms\n`,
        );
      }
      const sorted = [...timings].sort((a, b) => a - b);
      process.stdout.write(
        `bench: fan-out to ${owners.length} feeds: median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, ` +
          `best ${sorted[0].toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms\n`,
      );
    } finally {
      await worker.close();
    }
    return {
      auth: `Bearer ${await createAccessToken(dataSource, { user: { id: followers[0].userId } })}`,
    };
  },
  requests: (_ctx, { auth }) => [
    { method: 'GET', path: '/api/v1/timelines/home?limit=20', headers: { authorization: auth } },
  ],
});
