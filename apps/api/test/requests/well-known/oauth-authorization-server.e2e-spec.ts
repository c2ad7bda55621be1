import { ALL_SCOPES } from '@nestodon/access';
import { ApiHarness, startApi } from '../../support/api-harness';

describe('GET /.well-known/oauth-authorization-server', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('publishes the metadata Mastodon publishes', async () => {
    const res = await api.http.get('/.well-known/oauth-authorization-server').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      issuer: 'https://nestodon.test/',
      service_documentation: 'https://docs.joinmastodon.org/',
      authorization_endpoint: 'https://nestodon.test/oauth/authorize',
      token_endpoint: 'https://nestodon.test/oauth/token',
      app_registration_endpoint: 'https://nestodon.test/api/v1/apps',
      revocation_endpoint: 'https://nestodon.test/oauth/revoke',
      userinfo_endpoint: 'https://nestodon.test/oauth/userinfo',
      scopes_supported: [...ALL_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment', 'form_post'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(res.body.scopes_supported).toContain('read:statuses');
    expect(res.body.scopes_supported).toContain('profile');
    expect(res.body).not.toHaveProperty('registration_endpoint');
  });
});
