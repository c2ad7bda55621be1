import { Channel, StreamMessage, SubscriberService } from '@nestodon/pubsub';
import { createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { staff } from '../../support/moderation';
import { person, Person } from '../../support/relationships';

/** Each moderation action, seen through the public read paths it must change. */
describe('moderation effects', () => {
  let api: ApiHarness;
  let moderator: Person;
  let viewer: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    moderator = await staff(api, 'Moderator');
    viewer = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const act = (target: Person, type: string) =>
    api.http
      .post(`/api/v1/admin/accounts/${target.account.id}/action`)
      .set('Authorization', moderator.auth)
      .send({ type })
      .expect(200);
  const get = (path: string, who: Person | null = viewer) => {
    const request = api.http.get(path);
    return who ? request.set('Authorization', who.auth) : request;
  };
  const publicIds = async () =>
    (await get('/api/v1/timelines/public?limit=40', null).expect(200)).body.map(
      (s: { id: string }) => s.id,
    );

  it('suspension: statuses, profile listings and public timelines lose the account; its token and streams stop', async () => {
    const bob = await person(api.dataSource);
    const status = await createStatus(api.dataSource, bob.account);
    expect(await publicIds()).toContain(status.id);
    const killed: StreamMessage[] = [];
    const unsubscribe = await api.app
      .get(SubscriberService)
      .subscribe(Channel.system(bob.account.id), (message) => killed.push(message));
    await act(bob, 'suspend');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unsubscribe();
    expect(killed.map((m) => m.event)).toEqual(['kill']);
    expect(await publicIds()).not.toContain(status.id);
    await get(`/api/v1/statuses/${status.id}`).expect(404);
    await get(`/api/v1/accounts/${bob.account.id}/statuses`).expect(200, []);
    const res = await get('/api/v1/accounts/verify_credentials', bob).expect(403);
    expect(res.body).toEqual({ error: 'Your login is currently disabled' });
  });

  it('silence: gone from public timelines, and its follows become requests', async () => {
    const carol = await person(api.dataSource);
    const status = await createStatus(api.dataSource, carol.account);
    await act(carol, 'silence');
    expect(await publicIds()).not.toContain(status.id);
    const follow = await api.http
      .post(`/api/v1/accounts/${viewer.account.id}/follow`)
      .set('Authorization', carol.auth)
      .expect(200);
    expect(follow.body).toMatchObject({ following: false, requested: true });
    // Still readable directly.
    await get(`/api/v1/statuses/${status.id}`).expect(200);
  });

  it('sensitive: the account’s statuses show as sensitive to others, not to itself', async () => {
    const dave = await person(api.dataSource);
    const status = await createStatus(api.dataSource, dave.account, { sensitive: false });
    await act(dave, 'sensitive');
    expect((await get(`/api/v1/statuses/${status.id}`).expect(200)).body.sensitive).toBe(true);
    expect((await get(`/api/v1/statuses/${status.id}`, null).expect(200)).body.sensitive).toBe(
      true,
    );
    expect((await get(`/api/v1/statuses/${status.id}`, dave).expect(200)).body.sensitive).toBe(
      false,
    );
  });

  it('disable: the token is refused and streams are told to close', async () => {
    const erin = await person(api.dataSource);
    const killed: StreamMessage[] = [];
    const unsubscribe = await api.app
      .get(SubscriberService)
      .subscribe(Channel.system(erin.account.id), (message) => killed.push(message));
    await act(erin, 'disable');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unsubscribe();
    expect(killed.map((m) => m.event)).toEqual(['kill']);
    await get('/api/v1/accounts/verify_credentials', erin).expect(403);
  });
});
