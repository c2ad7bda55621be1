import { StatusVisibility } from '@nestodon/domain';
import { createStatus, HttpStandIn, replyJson, startHttpStandIn } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

/** A LibreTranslate stand-in: knows en→de and de→en, "translates" by tagging each text. */
async function libreTranslate(): Promise<HttpStandIn & { failing: { next: number | null } }> {
  const failing = { next: null as number | null };
  const server = await startHttpStandIn((request, res) => {
    if (request.method === 'GET' && request.path === '/languages') {
      return replyJson(res, 200, [
        { code: 'en', name: 'English', targets: ['de', 'en'] },
        { code: 'de', name: 'German', targets: ['de', 'en'] },
      ]);
    }
    if (request.method === 'POST' && request.path === '/translate') {
      if (failing.next !== null) {
        const status = failing.next;
        failing.next = null;
        return replyJson(res, status, { error: 'nope' });
      }
      const body = JSON.parse(request.body) as { q: string[]; source: string; target: string };
      return replyJson(res, 200, {
        translatedText: body.q.map((text) => `[${body.target}] ${text}`),
        detectedLanguage: body.q.map(() => ({ language: 'en', confidence: 90 })),
      });
    }
    replyJson(res, 404, { error: 'unknown' });
  });
  return Object.assign(server, { failing });
}

describe('POST /api/v1/statuses/:id/translate with LibreTranslate (issue 15)', () => {
  let backend: Awaited<ReturnType<typeof libreTranslate>>;
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    backend = await libreTranslate();
    api = await startApi({
      env: { LIBRE_TRANSLATE_ENDPOINT: backend.url, LIBRE_TRANSLATE_API_KEY: 'secret' },
    });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(async () => {
    await api.close();
    await backend.close();
  });

  const translate = (actor: Actor | string, id: string, body: Record<string, unknown> = {}) =>
    api.http
      .post(`/api/v1/statuses/${id}/translate`)
      .set('Authorization', typeof actor === 'string' ? actor : actor.auth)
      .send(body);

  it('translates content, content warning and poll options', async () => {
    const status = await postStatus(api.http, alice, {
      status: 'Hello world',
      spoiler_text: 'greetings',
      language: 'en',
      poll: { options: ['yes', 'no'], expires_in: 3600 },
    });
    const res = await translate(bob, status.id, { lang: 'de' }).expect(200);
    expect(res.body).toEqual({
      content: '[de] <p>Hello world</p>',
      spoiler_text: '[de] greetings',
      poll: {
        id: (status.poll as { id: string }).id,
        options: [{ title: '[de] yes' }, { title: '[de] no' }],
      },
      media_attachments: [],
      detected_source_language: 'en',
      language: 'de',
      provider: 'LibreTranslate',
    });
    const sent = JSON.parse(backend.requests.find((r) => r.path === '/translate')!.body);
    expect(sent).toMatchObject({ source: 'en', target: 'de', format: 'html', api_key: 'secret' });
    // The answer is cached: the same text again does not reach the backend.
    const before = backend.requests.length;
    await translate(bob, status.id, { lang: 'de' }).expect(200);
    expect(backend.requests.length).toBe(before);
  });

  it('translates into the user’s language by default, and lists the languages', async () => {
    const status = await postStatus(api.http, alice, { status: 'Guten Tag', language: 'de' });
    const res = await translate(bob, status.id).expect(200);
    expect(res.body).toMatchObject({ content: '[en] <p>Guten Tag</p>', language: 'en' });
    const languages = await api.http.get('/api/v1/instance/translation_languages').expect(200);
    expect(languages.body).toEqual({ en: ['de'], de: ['en'], und: ['de', 'en'] });
    const instance = await api.http.get('/api/v2/instance').expect(200);
    expect(instance.body.configuration.translation).toEqual({ enabled: true });
  });

  it('answers 403 for private statuses and languages the backend does not offer', async () => {
    const secret = await postStatus(api.http, alice, {
      status: 'mine',
      language: 'en',
      visibility: 'private',
    });
    await translate(alice, secret.id, { lang: 'de' }).expect(403);
    const status = await postStatus(api.http, alice, { status: 'x', language: 'en' });
    await translate(bob, status.id, { lang: 'fr' }).expect(403);
  });

  it('answers 503 when the backend fails', async () => {
    const status = await postStatus(api.http, alice, { status: 'fails', language: 'en' });
    backend.failing.next = 500;
    const res = await translate(bob, status.id, { lang: 'de' }).expect(503);
    expect(res.body).toEqual({ error: 'Service Unavailable' });
    backend.failing.next = 429;
    await translate(bob, status.id, { lang: 'de' }).expect(503);
  });

  it('answers 404 for what the viewer cannot see, 401 and 403 by token, 422 for bad input', async () => {
    const secret = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Direct,
    });
    await translate(bob, secret.id, { lang: 'de' }).expect(404);
    await translate(bob, '123', { lang: 'de' }).expect(404);
    const status = await postStatus(api.http, alice, { status: 'x', language: 'en' });
    await api.http.post(`/api/v1/statuses/${status.id}/translate`).send({}).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, bob, 'write');
    await translate(wrong, status.id, { lang: 'de' }).expect(403);
    await translate(bob, status.id, { lang: ['de'] }).expect(422);
  });
});

describe('translation off', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('answers 404 to translate, {} for languages, and says so in the instance', async () => {
    const alice = await createActor(api.dataSource, {});
    const status = await postStatus(api.http, alice, { status: 'x', language: 'en' });
    await api.http
      .post(`/api/v1/statuses/${status.id}/translate`)
      .set('Authorization', alice.auth)
      .send({ lang: 'de' })
      .expect(404);
    const languages = await api.http.get('/api/v1/instance/translation_languages').expect(200);
    expect(languages.body).toEqual({});
    const instance = await api.http.get('/api/v2/instance').expect(200);
    expect(instance.body.configuration.translation).toEqual({ enabled: false });
  });
});
