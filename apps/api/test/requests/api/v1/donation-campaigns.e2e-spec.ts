import { HttpStandIn, replyJson, startHttpStandIn } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { createActor } from '../../../support/statuses';

const CAMPAIGN = {
  id: 'c1',
  banner_message: 'Help keep this server running',
  banner_button_text: 'Donate',
  donation_message: 'Thank you',
  donation_button_text: 'Give',
  donation_success_post: 'I gave!',
  default_currency: 'EUR',
  donation_url: 'https://donate.example',
  locale: 'en',
};

describe('GET /api/v1/donation_campaigns (issue 15)', () => {
  let service: HttpStandIn;
  let api: ApiHarness;
  let none: ApiHarness;

  beforeAll(async () => {
    service = await startHttpStandIn((request, res) => {
      const url = new URL(request.path, 'http://x');
      if (url.searchParams.get('locale') === 'fr') {
        res.writeHead(204).end();
        return;
      }
      replyJson(res, 200, CAMPAIGN);
    });
    api = await startApi({
      env: {
        DONATION_CAMPAIGNS_URL: `${service.url}/v1/campaigns`,
        DONATION_CAMPAIGNS_ENVIRONMENT: 'staging',
      },
    });
    none = await startApi();
  });
  afterAll(async () => {
    await api.close();
    await none.close();
    await service.close();
  });

  it('answers the campaign the service offers, asked with seed, locale and environment', async () => {
    const me = await createActor(api.dataSource, {});
    const res = await api.http
      .get('/api/v1/donation_campaigns')
      .set('Authorization', me.auth)
      .expect(200);
    expect(res.body).toEqual(CAMPAIGN);
    const asked = new URL(service.requests[0].path, 'http://x');
    expect(asked.pathname).toBe('/v1/campaigns');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      platform: 'web',
      seed: String(BigInt(me.account.id) % 100n),
      locale: 'en',
      environment: 'staging',
    });
    // Cached for the seed and locale.
    await api.http.get('/api/v1/donation_campaigns').set('Authorization', me.auth).expect(200);
    expect(service.requests).toHaveLength(1);
  });

  it('answers 204 when the service has nothing, or without a service', async () => {
    const me = await createActor(api.dataSource, {});
    await api.http
      .get('/api/v1/donation_campaigns?locale=fr')
      .set('Authorization', me.auth)
      .expect(204);
    const other = await createActor(none.dataSource, {});
    await none.http.get('/api/v1/donation_campaigns').set('Authorization', other.auth).expect(204);
  });

  it('answers 401 without a token', async () => {
    await api.http.get('/api/v1/donation_campaigns').expect(401);
  });
});
