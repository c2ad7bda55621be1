import { INestApplicationContext } from '@nestjs/common';
import { Notification, NotificationRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import {
  AccountWithToken,
  createAccountWithToken,
  createTestEnvironment,
  listen,
  RunningApp,
  TestEnvironment,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { createApiApp } from '@nestodon/api';
import { createWorkerApp } from '../src/bootstrap';

/**
 * A notification job whose follow, follow request or favourite was undone before the worker
 * ran finishes at once, creating nothing, instead of failing (and retrying) on the foreign key.
 */
describe('notification jobs whose subject was undone', () => {
  let environment: TestEnvironment;
  let api: RunningApp;
  let worker: INestApplicationContext | undefined;
  let dataSource: DataSource;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    api = await listen(await createApiApp(environment.config));
    dataSource = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await environment.teardown();
  });

  const request = (who: AccountWithToken, path: string) =>
    api.http.post(path).set('Authorization', who.auth).expect(200);

  it('finish once, quietly, when the worker runs after the undo', async () => {
    const alice = await createAccountWithToken(dataSource);
    const locked = await createAccountWithToken(dataSource, { locked: true });
    const bob = await createAccountWithToken(dataSource);
    const status = (
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .send({ status: 'hello' })
        .expect(200)
    ).body;

    // No worker yet: the notification jobs wait in Redis while everything is undone.
    await request(bob, `/api/v1/accounts/${alice.account.id}/follow`);
    await request(bob, `/api/v1/accounts/${alice.account.id}/unfollow`);
    await request(bob, `/api/v1/accounts/${locked.account.id}/follow`);
    await request(bob, `/api/v1/accounts/${locked.account.id}/unfollow`);
    await request(bob, `/api/v1/statuses/${status.id}/favourite`);
    await request(bob, `/api/v1/statuses/${status.id}/unfavourite`);

    const queue = api.app.get(JobQueue).queue('default');
    const notifyJobs = async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter(
        (job) => job.name === JobName.Notify,
      );
    expect((await notifyJobs()).map((job) => job.data.type).sort()).toEqual([
      'favourite',
      'follow',
      'follow_request',
    ]);

    worker = await createWorkerApp(environment.config);
    await worker.init();
    const deadline = Date.now() + 15_000;
    let states: string[] = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const jobs = await notifyJobs();
      states = await Promise.all(jobs.map((job) => job.getState()));
    } while (
      states.some((state) => state !== 'completed' && state !== 'failed') &&
      Date.now() < deadline
    );

    const jobs = await notifyJobs();
    expect(jobs.map((job) => [job.data.type, job.failedReason, job.returnvalue])).toEqual(
      expect.arrayContaining([
        ['follow', undefined, { notificationId: null }],
        ['follow_request', undefined, { notificationId: null }],
        ['favourite', undefined, { notificationId: null }],
      ]),
    );
    expect(states).toEqual(['completed', 'completed', 'completed']);
    expect(
      await dataSource.getRepository(Notification).countBy({ fromAccountId: bob.account.id }),
    ).toBe(0);
  });

  it('a subject deleted between the check and the insert counts as undone', async () => {
    const alice = await createAccountWithToken(dataSource);
    const bob = await createAccountWithToken(dataSource);
    const created = await api.app.get(NotificationRepository).insert({
      accountId: alice.account.id,
      fromAccountId: bob.account.id,
      type: 'follow',
      statusId: null,
      reblogStatusId: null,
      mentionId: null,
      favouriteId: null,
      followId: '999999999',
      followRequestId: null,
      reportId: null,
      quoteId: null,
      accountWarningId: null,
      groupKey: null,
      filtered: false,
    });
    expect(created).toBeNull();
  });
});
