import { DeepLBackend, TranslationUnavailableError } from '@nestodon/core';
import { HttpStandIn, replyJson, startHttpStandIn } from '@nestodon/testing';

describe('DeepLBackend against a stand-in DeepL API', () => {
  let server: HttpStandIn;
  let quotaExceeded = false;

  beforeAll(async () => {
    server = await startHttpStandIn((request, res) => {
      if (request.headers.authorization !== 'DeepL-Auth-Key the-key') {
        return replyJson(res, 401, { message: 'wrong key' });
      }
      if (request.path === '/v2/languages?type=source') {
        return replyJson(res, 200, [{ language: 'EN' }, { language: 'DE' }]);
      }
      if (request.path === '/v2/languages?type=target') {
        return replyJson(res, 200, [{ language: 'DE' }, { language: 'EN-GB' }]);
      }
      if (request.method === 'POST' && request.path === '/v2/translate') {
        if (quotaExceeded) return replyJson(res, 456, { message: 'Quota exceeded' });
        const body = JSON.parse(request.body) as { text: string[]; target_lang: string };
        return replyJson(res, 200, {
          translations: body.text.map((text) => ({
            detected_source_language: 'EN',
            text: `${body.target_lang}: ${text}`,
          })),
        });
      }
      replyJson(res, 404, {});
    });
  });
  afterAll(() => server.close());

  it('translates HTML with the key, the languages upper case, and reads the languages', async () => {
    const backend = new DeepLBackend('the-key', server.url);
    expect(await backend.translate(['<p>Hi</p>', 'cw'], 'en', 'de')).toEqual([
      { text: 'DE: <p>Hi</p>', detectedSourceLanguage: 'en' },
      { text: 'DE: cw', detectedSourceLanguage: 'en' },
    ]);
    const sent = JSON.parse(server.requests.find((r) => r.method === 'POST')!.body);
    expect(sent).toEqual({
      text: ['<p>Hi</p>', 'cw'],
      source_lang: 'EN',
      target_lang: 'DE',
      tag_handling: 'html',
    });
    expect(await backend.languages()).toEqual({
      und: ['de', 'en-gb'],
      en: ['de', 'en-gb'],
      de: ['en-gb'],
    });
  });

  it('turns a refused key, an exhausted quota and nonsense into the 503 error', async () => {
    await expect(new DeepLBackend('wrong', server.url).languages()).rejects.toBeInstanceOf(
      TranslationUnavailableError,
    );
    quotaExceeded = true;
    await expect(
      new DeepLBackend('the-key', server.url).translate(['x'], 'en', 'de'),
    ).rejects.toThrow('The translation service quota is exhausted');
    await expect(
      new DeepLBackend('the-key', 'http://127.0.0.1:1').translate(['x'], null, 'de'),
    ).rejects.toThrow('Service Unavailable');
  });
});
