import { createAccessToken, createApplication } from '@nestodon/testing';
import TestAgent from 'supertest/lib/agent';
import { ApiHarness, startApi } from '../../support/api-harness';
import { browser, createUserWithPassword, field, submitSignIn } from '../../support/oauth';

const PASSWORD = 'authorized apps password 1234';
const PAGE = '/oauth/authorized_applications';

describe('/oauth/authorized_applications (issue 15)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ env: { LOCAL_HTTPS: 'false' } });
  });
  afterAll(() => api.close());

  /** A user signed in through the pages, with two apps holding tokens of theirs. */
  async function signedIn(): Promise<{
    agent: TestAgent;
    tokens: string[];
    appIds: string[];
  }> {
    const { email, user } = await createUserWithPassword(api.dataSource, PASSWORD);
    const first = await createApplication(api.dataSource, {
      name: 'Elk <Client>',
      website: 'https://elk.example',
    });
    const second = await createApplication(api.dataSource, { name: 'Tusky' });
    const tokens = [
      await createAccessToken(api.dataSource, {
        user,
        application: first.application,
        scopes: 'read write:statuses',
      }),
      await createAccessToken(api.dataSource, {
        user,
        application: first.application,
        scopes: 'read push',
      }),
      await createAccessToken(api.dataSource, { user, application: second.application }),
    ];
    const agent = browser(api);
    const redirect = await agent.get(PAGE).expect(303);
    expect(redirect.headers.location).toBe(`/auth/sign_in?return_to=${encodeURIComponent(PAGE)}`);
    const form = await agent.get(redirect.headers.location).expect(200);
    const signIn = await submitSignIn(agent, form.text, email, PASSWORD).expect(303);
    expect(signIn.headers.location).toBe(PAGE);
    return {
      agent,
      tokens,
      appIds: [String(first.application.id), String(second.application.id)],
    };
  }

  it('lists the apps that can use the account, with what they may do', async () => {
    const { agent, appIds } = await signedIn();
    const res = await agent.get(PAGE).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.text).toContain('Elk &lt;Client&gt;');
    expect(res.text).toContain('href="https://elk.example/"');
    expect(res.text).toContain('Tusky');
    expect(res.text).toContain('<code>write:statuses</code>');
    expect(res.text).toContain('<code>push</code>');
    expect(res.text).not.toContain('<script');
    for (const id of appIds) {
      expect(res.text).toContain(`action="/oauth/authorized_applications/${id}"`);
    }
    expect(field(res.text, '_method')).toBe('delete');
  });

  it('revokes every token of an app with the Revoke button, and only with a valid form', async () => {
    const { agent, tokens, appIds } = await signedIn();
    const page = await agent.get(PAGE).expect(200);
    const csrf = field(page.text, 'authenticity_token')!;
    const withToken = (token: string) =>
      api.http.get('/api/v1/accounts/verify_credentials').set('Authorization', `Bearer ${token}`);
    await withToken(tokens[0]).expect(200);

    await agent
      .post(`${PAGE}/${appIds[0]}`)
      .type('form')
      .send({ _method: 'delete', authenticity_token: 'forged' })
      .expect(422);
    await agent
      .post(`${PAGE}/${appIds[0]}`)
      .type('form')
      .send({ authenticity_token: csrf })
      .expect(404);
    const revoked = await agent
      .post(`${PAGE}/${appIds[0]}`)
      .type('form')
      .send({ _method: 'delete', authenticity_token: csrf })
      .expect(303);
    expect(revoked.headers.location).toBe(PAGE);
    await withToken(tokens[0]).expect(401);
    await withToken(tokens[1]).expect(401);
    await withToken(tokens[2]).expect(200);
    const after = await agent.get(PAGE).expect(200);
    expect(after.text).not.toContain('Elk');
    expect(after.text).toContain('Tusky');

    // DELETE works too; an app without access is a 404.
    await agent
      .delete(`${PAGE}/${appIds[1]}`)
      .type('form')
      .send({ authenticity_token: csrf })
      .expect(303);
    await withToken(tokens[2]).expect(401);
    await agent
      .delete(`${PAGE}/${appIds[1]}`)
      .type('form')
      .send({ authenticity_token: csrf })
      .expect(404);
    await agent.delete(`${PAGE}/nope`).type('form').send({ authenticity_token: csrf }).expect(404);
    const none = await agent.get(PAGE).expect(200);
    expect(none.text).toContain('No application can use your account.');
  });

  it('refuses to revoke without a web session', async () => {
    const { appIds } = await signedIn();
    await browser(api).delete(`${PAGE}/${appIds[0]}`).type('form').send({}).expect(403);
  });
});
