import { ApiHarness, startApi } from '../../../support/api-harness';

describe('GET /api/v2/instance', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ env: { REGISTRATIONS_MODE: 'approved', MAX_STATUS_CHARS: '1000' } });
  });
  afterAll(() => api.close());

  it('answers without a token in the v2 shape with server limits', async () => {
    const res = await api.http.get('/api/v2/instance').expect(200);
    const body = res.body;
    expect(body).toMatchObject({
      domain: 'nestodon.test',
      title: 'Nestodon',
      usage: { users: { active_month: 0 } },
      thumbnail: { url: 'https://nestodon.test/images/preview.png' },
      languages: ['en'],
      registrations: { enabled: true, approval_required: true },
      contact: { email: '', account: null },
      rules: [],
      api_versions: { mastodon: expect.any(Number) },
    });
    expect(typeof body.description).toBe('string');
    expect(body.configuration.urls.streaming).toBe('wss://nestodon.test');
    expect(body.configuration.statuses.max_characters).toBe(1000);
    expect(body.configuration.accounts).toMatchObject({
      max_featured_tags: 10,
      max_pinned_statuses: 5,
      max_display_name_length: 30,
      max_note_length: 500,
      max_profile_fields: 4,
    });
    expect(body.configuration.media_attachments.supported_mime_types).toContain('image/png');
    expect(body.configuration.polls).toEqual({
      max_options: 4,
      max_characters_per_option: 50,
      min_expiration: 300,
      max_expiration: 2629746,
    });
  });

  it('serves the thumbnail it points to', async () => {
    const res = await api.http.get('/images/preview.png').expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api.http.get('/api/v1/nonexistent').expect(404);
    expect(res.body).toEqual({ error: 'Record not found' });
    await api.http.post('/api/v2/instance').expect(404);
  });
});
