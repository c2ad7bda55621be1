import { INestApplicationContext } from '@nestjs/common';
import { FeedManager } from '@nestodon/core';
import { Notification } from '@nestodon/domain';
import { createAccountWithToken, RunningApp, waitFor } from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { ApiAndWorker, startApiAndWorker } from './support/api-and-worker';

/**
 * Feeds through a real worker over BullMQ and Redis: the api enqueues, the worker fans out,
 * removes and rebuilds; the api reads the result.
 */
describe('feeds between api and worker', () => {
  let apiAndWorker: ApiAndWorker;
  let worker: INestApplicationContext;
  let api: RunningApp;
  let dataSource: DataSource;
  let feeds: FeedManager;

  beforeAll(async () => {
    apiAndWorker = await startApiAndWorker();
    ({ worker, api } = apiAndWorker);
    dataSource = worker.get(DataSource);
    feeds = api.app.get(FeedManager);
  });
  afterAll(() => apiAndWorker.close());

  it('fans out, removes on unfollow and delete, and rebuilds a missing feed', async () => {
    const alice = await createAccountWithToken(dataSource);
    const bob = await createAccountWithToken(dataSource);
    await feeds.markReady(alice.account.id);
    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/follow`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(
      await waitFor(
        async () =>
          (await dataSource.getRepository(Notification).countBy({ accountId: bob.account.id })) ===
          1,
      ),
    ).toBe(true);

    const first = (
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', bob.auth)
        .send({ status: 'one' })
        .expect(200)
    ).body;
    const second = (
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', bob.auth)
        .send({ status: 'two' })
        .expect(200)
    ).body;
    expect(
      await waitFor(async () => (await feeds.allIds('home', alice.account.id)).length === 2),
    ).toBe(true);
    const home = await api.http
      .get('/api/v1/timelines/home')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(home.body.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);

    await api.http
      .delete(`/api/v1/statuses/${second.id}`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect(
      await waitFor(async () => (await feeds.allIds('home', alice.account.id)).join() === first.id),
    ).toBe(true);

    // A missing feed: 206 while the worker rebuilds it from PostgreSQL, then 200.
    await feeds.clear('home', alice.account.id);
    const during = await api.http.get('/api/v1/timelines/home').set('Authorization', alice.auth);
    expect(during.status).toBe(206);
    expect(
      await waitFor(async () => {
        const res = await api.http.get('/api/v1/timelines/home').set('Authorization', alice.auth);
        return res.status === 200 && res.body.length === 1 && res.body[0].id === first.id;
      }),
    ).toBe(true);

    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/unfollow`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(
      await waitFor(async () => (await feeds.allIds('home', alice.account.id)).length === 0),
    ).toBe(true);
  });
});
