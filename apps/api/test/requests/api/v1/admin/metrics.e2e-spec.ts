import { Report, Status, Tag, User } from '@nestodon/domain';
import {
  createMediaAttachment,
  createRemoteAccount,
  createStatus,
  insertFollow,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { Person, person, scopedAuth } from '../../../../support/relationships';

const DAY = 86_400_000;
/** `YYYY-MM-DD` of `n` days ago (UTC), and noon of that day. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const noonOf = (n: number) => new Date(`${daysAgo(n)}T12:00:00Z`);
const midnight = (n: number) => `${daysAgo(n)}T00:00:00Z`;

describe('POST /api/v1/admin/measures, /dimensions and /retention', () => {
  let api: ApiHarness;
  let admin: Person;
  let nobody: Person;
  let tag: Tag;
  let sequence = 0;
  // From two days ago to now: three days.
  const period = () => ({ start_at: daysAgo(2), end_at: new Date().toISOString() });

  const post = (path: string, body: Record<string, unknown>, who: Person | string = admin) =>
    api.http
      .post(path)
      .set('Authorization', typeof who === 'string' ? who : who.auth)
      .send(body);
  const measure = async (key: string, extra: Record<string, unknown> = {}) => {
    const res = await post('/api/v1/admin/measures', { keys: [key], ...period(), ...extra });
    expect(res.status).toBe(200);
    return res.body[0];
  };
  const dimension = async (key: string, extra: Record<string, unknown> = {}) => {
    const res = await post('/api/v1/admin/dimensions', { keys: [key], ...period(), ...extra });
    expect(res.status).toBe(200);
    return res.body[0].data;
  };
  /** A status posted at noon `n` days ago (its id from that instant, as snowflakes are). */
  const postedAgo = (account: { id: string; domain: string | null }, n: number, language = 'en') =>
    createStatus(api.dataSource, account, {
      id: String((BigInt(noonOf(n).getTime()) << 16n) + BigInt(++sequence)),
      createdAt: noonOf(n),
      language,
    });
  const tagged = (status: Status) =>
    api.dataSource.query(`INSERT INTO statuses_tags (status_id, tag_id) VALUES ($1, $2)`, [
      status.id,
      tag.id,
    ]);
  const users = () => api.dataSource.getRepository(User);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    admin = await staff(api, 'Admin');
    nobody = await staff(api, null);
    const alice = await person(api.dataSource, {}, { locale: 'de' });
    const bob = await person(api.dataSource);
    const carol = await person(api.dataSource);
    // Bob signed up two days ago and was last seen yesterday; Carol five days ago.
    await users().update({ id: bob.user.id }, { createdAt: noonOf(2), currentSignInAt: noonOf(1) });
    await users().update({ id: carol.user.id }, { createdAt: noonOf(5) });
    await users().update({ id: alice.user.id }, { currentSignInAt: noonOf(1) });

    tag = await api.dataSource.getRepository(Tag).save({ name: 'metrics', displayName: 'Metrics' });
    const remote1 = await createRemoteAccount(api.dataSource, { domain: 'remote.example' });
    const remote2 = await createRemoteAccount(api.dataSource, { domain: 'remote.example' });
    await createRemoteAccount(api.dataSource, { domain: 'sub.remote.example' });
    const other = await createRemoteAccount(api.dataSource, { domain: 'other.example' });
    await tagged(await postedAgo(alice.account, 1, 'de'));
    await tagged(await postedAgo(remote1, 1));
    await tagged(await postedAgo(remote2, 1));
    await tagged(await postedAgo(other, 0));
    await postedAgo(remote1, 10);
    await createMediaAttachment(api.dataSource, remote1, { fileFileSize: 1536 });

    // Alice favourites and follows today: two interactions.
    const target = await postedAgo(other, 0);
    await api.dataSource.query(`INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)`, [
      alice.account.id,
      target.id,
    ]);
    await insertFollow(api.dataSource, alice.account, remote1);

    const reports = api.dataSource.getRepository(Report);
    await reports.save({
      accountId: alice.account.id,
      targetAccountId: remote1.id,
      createdAt: noonOf(1),
      actionTakenAt: noonOf(0),
    });
    await reports.save({
      accountId: alice.account.id,
      targetAccountId: other.id,
      createdAt: noonOf(3),
    });
  });
  afterAll(() => api.close());

  describe('measures', () => {
    it('counts new users per day, with the total and that of the period before', async () => {
      expect(await measure('new_users')).toEqual({
        key: 'new_users',
        unit: null,
        total: '4',
        previous_total: '1',
        data: [
          { date: midnight(2), value: '1' },
          { date: midnight(1), value: '0' },
          { date: midnight(0), value: '3' },
        ],
      });
    });

    it('counts reports, interactions and active users', async () => {
      expect(await measure('opened_reports')).toMatchObject({
        total: '1',
        previous_total: '1',
        data: [{ value: '0' }, { value: '1' }, { value: '0' }],
      });
      expect(await measure('resolved_reports')).toMatchObject({
        total: '1',
        data: [{ value: '0' }, { value: '0' }, { value: '1' }],
      });
      expect((await measure('interactions')).data[2]).toEqual({ date: midnight(0), value: '2' });
      const active = await measure('active_users');
      // Yesterday: Alice (signed in, posted) and Bob (signed in).
      expect(active.data.slice(0, 2)).toEqual([
        { date: midnight(2), value: '0' },
        { date: midnight(1), value: '2' },
      ]);
      expect(Number(active.total)).toBeGreaterThanOrEqual(2);
    });

    it('measures a tag: uses, accounts and other servers', async () => {
      const about = { tag_uses: { id: tag.id }, tag_accounts: { id: tag.id } };
      const res = await post('/api/v1/admin/measures', {
        keys: ['tag_uses', 'tag_accounts', 'tag_servers', 'unknown_key'],
        ...period(),
        ...about,
        tag_servers: { id: Number(tag.id) },
      }).expect(200);
      expect(res.body.map((m: { key: string }) => m.key)).toEqual([
        'tag_uses',
        'tag_accounts',
        'tag_servers',
      ]);
      expect(res.body[0]).toMatchObject({ total: '4', previous_total: '0' });
      expect(res.body[0].data.map((d: { value: string }) => d.value)).toEqual(['0', '3', '1']);
      expect(res.body[1]).toMatchObject({ total: '4' });
      expect(res.body[2]).toMatchObject({ total: '2' });
      expect(res.body[2].data.map((d: { value: string }) => d.value)).toEqual(['0', '1', '1']);
    });

    it('measures a server: totals of all time, no previous total', async () => {
      const statuses = await measure('instance_statuses', {
        instance_statuses: { domain: 'remote.example' },
      });
      expect(statuses).toEqual({
        key: 'instance_statuses',
        unit: null,
        total: '3',
        data: [
          { date: midnight(2), value: '0' },
          { date: midnight(1), value: '2' },
          { date: midnight(0), value: '0' },
        ],
      });
      const accounts = await measure('instance_accounts', {
        instance_accounts: { domain: 'Remote.Example' },
      });
      expect(accounts.total).toBe('2');
      const withSubdomains = await measure('instance_accounts', {
        instance_accounts: { domain: 'remote.example', include_subdomains: 'true' },
      });
      expect(withSubdomains.total).toBe('3');
      expect(
        await measure('instance_media_attachments', {
          instance_media_attachments: { domain: 'remote.example' },
        }),
      ).toMatchObject({ unit: 'bytes', total: '1536', human_value: '1.5 KB' });
      expect(
        await measure('instance_reports', { instance_reports: { domain: 'remote.example' } }),
      ).toMatchObject({ total: '1' });
      expect(
        await measure('instance_follows', { instance_follows: { domain: 'remote.example' } }),
      ).toMatchObject({ total: '1' });
      expect(
        await measure('instance_followers', { instance_followers: { domain: 'remote.example' } }),
      ).toMatchObject({ total: '0' });
    });
  });

  describe('dimensions', () => {
    it('lists languages, sign-up sources and servers over the period', async () => {
      expect(await dimension('languages')).toEqual([
        { key: 'de', human_key: 'German', value: '1' },
      ]);
      expect(await dimension('sources')).toEqual([
        { key: 'web', human_key: 'Website', value: '4' },
      ]);
      const servers = await dimension('servers');
      // Two statuses each from the other servers (ties by name), one from here.
      expect(servers.map((row: { key: string; value: string }) => [row.key, row.value])).toEqual([
        ['other.example', '2'],
        ['remote.example', '2'],
        [api.config.instance.localDomain, '1'],
      ]);
      expect(servers).toHaveLength(3);
      expect(await dimension('servers', { limit: 1 })).toHaveLength(1);
    });

    it('lists a tag’s servers and languages, a server’s accounts and languages', async () => {
      const tagServers = await dimension('tag_servers', { tag_servers: { id: tag.id } });
      expect(tagServers.map((row: { key: string }) => row.key)).toContain('other.example');
      expect(await dimension('tag_languages', { tag_languages: { id: tag.id } })).toEqual([
        { key: 'en', human_key: 'English', value: '3' },
        { key: 'de', human_key: 'German', value: '1' },
      ]);
      const accounts = await dimension('instance_accounts', {
        instance_accounts: { domain: 'remote.example' },
      });
      expect(accounts).toHaveLength(2);
      expect(accounts[0].value).toBe('1');
      expect(
        await dimension('instance_languages', { instance_languages: { domain: 'remote.example' } }),
      ).toEqual([{ key: 'en', human_key: 'English', value: '2' }]);
    });

    it('reports space usage and software versions', async () => {
      const space = await dimension('space_usage');
      expect(space.map((row: { key: string }) => row.key)).toEqual([
        'postgresql',
        'redis',
        'media',
      ]);
      for (const row of space) {
        expect(row).toEqual({
          key: row.key,
          human_key: expect.any(String),
          value: expect.stringMatching(/^\d+$/),
          unit: 'bytes',
          human_value: expect.stringMatching(/Bytes?|KB|MB|GB|TB/),
        });
      }
      expect(space[2].value).toBe('1536');
      const versions = await dimension('software_versions');
      expect(versions.map((row: { key: string }) => row.key)).toEqual([
        'mastodon',
        'node',
        'postgresql',
        'redis',
      ]);
      expect(versions[1]).toEqual({
        key: 'node',
        human_key: 'Node.js',
        value: process.versions.node,
        human_value: process.versions.node,
      });
    });
  });

  describe('retention', () => {
    it('follows each day’s sign-ups through the following days', async () => {
      const res = await post('/api/v1/admin/retention', {
        start_at: daysAgo(2),
        end_at: daysAgo(0),
        frequency: 'day',
      }).expect(200);
      const at = (n: number) => `${daysAgo(n)}T00:00:00+00:00`;
      expect(res.body).toEqual([
        {
          period: at(2),
          frequency: 'day',
          data: [
            { date: at(2), rate: 1, value: '1' },
            { date: at(1), rate: 1, value: '1' },
            { date: at(0), rate: 0, value: '0' },
          ],
        },
        {
          period: at(1),
          frequency: 'day',
          data: [
            { date: at(1), rate: 0, value: '0' },
            { date: at(0), rate: 0, value: '0' },
          ],
        },
        { period: at(0), frequency: 'day', data: [{ date: at(0), rate: 0, value: '0' }] },
      ]);
    });

    it('groups by month, and takes any other frequency as a day', async () => {
      const monthly = await post('/api/v1/admin/retention', {
        start_at: daysAgo(0),
        end_at: daysAgo(0),
        frequency: 'month',
      }).expect(200);
      expect(monthly.body).toHaveLength(1);
      expect(monthly.body[0]).toMatchObject({
        period: `${daysAgo(0).slice(0, 7)}-01T00:00:00+00:00`,
        frequency: 'month',
      });
      const weekly = await post('/api/v1/admin/retention', {
        start_at: daysAgo(0),
        end_at: daysAgo(0),
        frequency: 'week',
      }).expect(200);
      expect(weekly.body[0].frequency).toBe('day');
    });
  });

  it('is 401, 403 wrong scope or without view_dashboard, 400 and 422 for bad input', async () => {
    for (const path of [
      '/api/v1/admin/measures',
      '/api/v1/admin/dimensions',
      '/api/v1/admin/retention',
    ]) {
      await api.http.post(path).send(period()).expect(401);
      const writeOnly = await scopedAuth(api.dataSource, admin, 'admin:write');
      await post(path, period(), writeOnly).expect(403);
      await post(path, period(), nobody).expect(403);
      await post(path, { end_at: daysAgo(0) }).expect(422);
      await post(path, { start_at: 'yesterday', end_at: daysAgo(0) }).expect(422);
    }
    const missing = await post('/api/v1/admin/measures', { keys: ['tag_uses'], ...period() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('param is missing or the value is empty: tag_uses');
    await post('/api/v1/admin/dimensions', {
      keys: ['instance_accounts'],
      ...period(),
    }).expect(400);
    await post('/api/v1/admin/measures', {
      keys: ['tag_uses'],
      ...period(),
      tag_uses: { id: 'x' },
    }).expect(422);
    await post('/api/v1/admin/dimensions', {
      keys: ['instance_languages'],
      ...period(),
      instance_languages: { domain: 'not a domain' },
    }).expect(422);
    await post('/api/v1/admin/dimensions', { keys: ['servers'], ...period(), limit: 'x' }).expect(
      422,
    );
  });
});
