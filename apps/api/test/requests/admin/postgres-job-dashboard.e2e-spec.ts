import { Permission } from '@nestodon/domain';
import { JOB_BACKEND, JobBackend, JobName } from '@nestodon/queue';
import { waitFor } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { signedInWithPermissions } from '../../support/oauth';

const RETRY_PATH = /action="(\/admin\/queues\/queues\/default\/jobs\/[^"]+\/retry)"/;

describe('job dashboard (/admin/queues) of the PostgreSQL queue', () => {
  let api: ApiHarness;
  let backend: JobBackend;

  beforeAll(async () => {
    // No Redis: the jobs are in PostgreSQL (pg-boss), shown by the dashboard of our own.
    api = await startApi({ env: { LOCAL_HTTPS: 'false', USE_REDIS: 'never' } });
    backend = api.app.get<JobBackend>(JOB_BACKEND);
    expect(backend.kind).toBe('postgres');
    // One job that fails for good, with markup in its error, and one waiting.
    await backend.add(
      'default',
      JobName.SystemPing,
      {},
      { attempts: 1, backoff: { type: 'exponential', delay: 1000 }, discardWhenDone: false },
    );
    await backend.consume('default', { concurrency: 1, lockMs: 30_000, workerName: 'test' }, () =>
      Promise.reject(new Error('remote said <b>no</b>')),
    );
    expect(await waitFor(async () => (await backend.counts('default')).failed === 1)).toBe(true);
    await backend.stopConsuming();
    await backend.add(
      'push',
      JobName.SystemPing,
      {},
      { attempts: 1, backoff: { type: 'exponential', delay: 1000 }, discardWhenDone: false },
    );
  });
  afterAll(() => api.close());

  const signedIn = (permissions?: bigint) => signedInWithPermissions(api, permissions);

  it('shows devops staff each queue by state and the failed jobs with their errors', async () => {
    const agent = await signedIn(Permission.ViewDevops);
    const page = await agent.get('/admin/queues').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Nestodon jobs');
    expect(page.text).toContain('remote said &lt;b&gt;no&lt;/b&gt;');
    expect(page.text).not.toContain('<b>no</b>');
    const res = await agent.get('/admin/queues/api/queues').expect(200);
    const queues = res.body.queues as Array<{
      name: string;
      counts: Record<string, number>;
      failed: Array<{ name: string; error: string; attemptsMade: number }>;
    }>;
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(['default', 'push', 'mailers', 'scheduler', 'federation.deliver']),
    );
    const byName = Object.fromEntries(queues.map((queue) => [queue.name, queue]));
    expect(byName.default.counts).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 1 });
    expect(byName.default.failed).toEqual([
      expect.objectContaining({
        name: JobName.SystemPing,
        error: 'remote said <b>no</b>',
        attemptsMade: 1,
      }),
    ]);
    expect(byName.push.counts).toEqual({ waiting: 1, active: 0, delayed: 0, failed: 0 });
  });

  it('runs a failed job again from its Retry button, and answers 404 for unknown ones', async () => {
    const agent = await signedIn(Permission.Administrator);
    const page = await agent.get('/admin/queues').expect(200);
    const retry = RETRY_PATH.exec(page.text)?.[1];
    expect(retry).toBeDefined();
    const res = await agent.post(retry!).expect(303);
    expect(res.headers.location).toBe('/admin/queues');
    expect(await backend.counts('default')).toMatchObject({ waiting: 1, failed: 0 });
    // Retried already: no failed job of that id any more.
    expect((await agent.post(retry!).expect(404)).body).toEqual({ error: 'Record not found' });
    await agent.post('/admin/queues/queues/default/jobs/not-a-job/retry').expect(404);
    await agent
      .post('/admin/queues/queues/no.such.queue/jobs/00000000-0000-0000-0000-000000000000/retry')
      .expect(404);
  });

  it('refuses signed-in users without the devops permission with 403', async () => {
    const agent = await signedIn(Permission.ManageUsers | Permission.ViewDashboard);
    const res = await agent.get('/admin/queues').expect(403);
    expect(res.body).toEqual({ error: 'This action is not allowed' });
    await agent.get('/admin/queues/api/queues').expect(403);
    await agent.post('/admin/queues/queues/default/jobs/x/retry').expect(403);
  });

  it('sends visitors without a session to sign in, and answers their other calls 401', async () => {
    const page = await api.http.get('/admin/queues').set('Accept', 'text/html').expect(302);
    expect(page.headers.location).toBe('/auth/sign_in?return_to=%2Fadmin%2Fqueues');
    await api.http.get('/admin/queues/api/queues').expect(401);
    const res = await api.http.post('/admin/queues/queues/default/jobs/x/retry').expect(401);
    expect(res.body).toEqual({ error: 'This page requires signing in' });
  });
});
