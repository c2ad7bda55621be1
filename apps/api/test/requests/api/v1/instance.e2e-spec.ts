import { Rule } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('GET /api/v1/instance', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({
      env: {
        INSTANCE_TITLE: 'Test Social',
        INSTANCE_CONTACT_EMAIL: 'admin@nestodon.test',
        INSTANCE_CONTACT_ACCOUNT: 'Admin_Person',
      },
    });
    await createLocalAccount(api.dataSource, {
      username: 'admin_person',
      displayName: 'The Admin',
    });
    await createLocalAccount(api.dataSource, {}, { confirmedAt: null });
    await createRemoteAccount(api.dataSource, { domain: 'a.example' });
    await createRemoteAccount(api.dataSource, { domain: 'b.example' });
    await api.dataSource.getRepository(Rule).save([
      { text: 'Be kind', priority: 1 },
      { text: 'No spam', hint: 'Really', priority: 0 },
      { text: 'Gone', deletedAt: new Date() },
    ]);
  });
  afterAll(() => api.close());

  it('answers without a token in the v1 shape', async () => {
    const res = await api.http.get('/api/v1/instance').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({
      uri: 'nestodon.test',
      title: 'Test Social',
      email: 'admin@nestodon.test',
      urls: { streaming_api: 'wss://nestodon.test' },
      stats: { user_count: 1, status_count: 0, domain_count: 2 },
      languages: ['en'],
      registrations: true,
      approval_required: false,
      invites_enabled: true,
    });
    expect(res.body.contact_account).toMatchObject({
      username: 'admin_person',
      acct: 'admin_person',
      display_name: 'The Admin',
      id: expect.stringMatching(/^\d+$/),
    });
    expect(res.body.version).toMatch(/^4\.\d+\.\d+ \(compatible; Nestodon /);
    expect(res.body.configuration.statuses).toEqual({
      max_characters: 500,
      max_media_attachments: 4,
      characters_reserved_per_url: 23,
    });
    expect(res.body.configuration.polls.max_options).toBe(4);
    expect(res.body.rules.map((r: { text: string }) => r.text)).toEqual(['No spam', 'Be kind']);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('lists the peers this server knows', async () => {
    const res = await api.http.get('/api/v1/instance/peers').expect(200);
    expect(res.body).toEqual(['a.example', 'b.example']);
  });

  it('reports twelve weeks of activity as strings', async () => {
    const res = await api.http.get('/api/v1/instance/activity').expect(200);
    expect(res.body).toHaveLength(12);
    for (const week of res.body) {
      expect(Object.keys(week).sort()).toEqual(['logins', 'registrations', 'statuses', 'week']);
      for (const value of Object.values(week)) expect(value).toMatch(/^\d+$/);
    }
    expect(Number(res.body[0].week)).toBeGreaterThan(Number(res.body[1].week));
  });

  it('lists languages with codes and names', async () => {
    const res = await api.http.get('/api/v1/instance/languages').expect(200);
    expect(res.body).toContainEqual({ code: 'en', name: 'English' });
    expect(res.body.length).toBeGreaterThan(150);
  });

  it('lists rules in priority order without deleted ones', async () => {
    const res = await api.http.get('/api/v1/instance/rules').expect(200);
    expect(res.body).toEqual([
      { id: expect.stringMatching(/^\d+$/), text: 'No spam', hint: 'Really', translations: {} },
      { id: expect.stringMatching(/^\d+$/), text: 'Be kind', hint: '', translations: {} },
    ]);
  });

  it('answers null and empty content without an extended description (issue 15)', async () => {
    const res = await api.http.get('/api/v1/instance/extended_description').expect(200);
    expect(res.body).toEqual({ updated_at: null, content: '' });
  });

  it('serves the configured extended description with when it was loaded', async () => {
    const described = await startApi({
      env: { INSTANCE_EXTENDED_DESCRIPTION: '<p>Our rules, at length.</p>' },
    });
    try {
      const res = await described.http.get('/api/v1/instance/extended_description').expect(200);
      expect(res.body).toEqual({
        updated_at: expect.any(String),
        content: '<p>Our rules, at length.</p>',
      });
      expect(new Date(res.body.updated_at).toISOString()).toBe(res.body.updated_at);
    } finally {
      await described.close();
    }
  });
});
