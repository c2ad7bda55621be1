import { Account } from '@nestodon/domain';
import { animatedGif, createAccessToken, createLocalAccount, solidImage } from '@nestodon/testing';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('DELETE /api/v1/profile/avatar and /api/v1/profile/header', () => {
  let api: ApiHarness;
  let mediaRoot: string;

  beforeAll(async () => {
    mediaRoot = await mkdtemp(join(tmpdir(), 'nestodon-media-'));
    api = await startApi({ env: { MEDIA_ROOT: mediaRoot } });
  });
  afterAll(async () => {
    await api.close();
    await rm(mediaRoot, { recursive: true, force: true });
  });

  const fileOf = (url: string) => join(mediaRoot, new URL(url).pathname.replace(/^\/system\//, ''));

  async function withImages(scopes = 'read write') {
    const { account, user } = await createLocalAccount(api.dataSource);
    const auth = `Bearer ${await createAccessToken(api.dataSource, { user, scopes })}`;
    const writer = `Bearer ${await createAccessToken(api.dataSource, { user, scopes: 'write' })}`;
    const res = await api.http
      .patch('/api/v1/accounts/update_credentials')
      .set('Authorization', writer)
      .attach('avatar', await animatedGif(40, 40), 'a.gif')
      .attach('header', await solidImage(40, 40, 'png'), 'h.png')
      .expect(200);
    return { account, auth, json: res.body };
  }

  for (const image of ['avatar', 'header'] as const) {
    const path = `/api/v1/profile/${image}`;
    const missing = `/${image}s/original/missing.png`;
    const other = image === 'avatar' ? 'header' : 'avatar';

    describe(`DELETE ${path}`, () => {
      it('removes the image and its files and returns the CredentialAccount', async () => {
        const { account, auth, json } = await withImages();
        const files = [json[image], json[`${image}_static`]].map(fileOf);
        for (const file of files) expect(existsSync(file)).toBe(true);
        const res = await api.http.delete(path).set('Authorization', auth).expect(200);
        expect(res.body.id).toBe(account.id);
        expect(res.body[image]).toBe(`${api.config.instance.baseUrl}${missing}`);
        expect(res.body[`${image}_static`]).toBe(`${api.config.instance.baseUrl}${missing}`);
        expect(res.body[other]).toBe(json[other]);
        expect(res.body.source).toBeDefined();
        expect(res.body.role).toBeDefined();
        for (const file of files) expect(existsSync(file)).toBe(false);
        const stored = await api.dataSource
          .getRepository(Account)
          .findOneByOrFail({ id: account.id });
        expect(stored[`${image}FileName`]).toBeNull();
      });

      it('succeeds when there is no image', async () => {
        const { user } = await createLocalAccount(api.dataSource);
        const token = await createAccessToken(api.dataSource, { user, scopes: 'write:accounts' });
        const res = await api.http.delete(path).set('Authorization', `Bearer ${token}`).expect(200);
        expect(res.body[image]).toBe(`${api.config.instance.baseUrl}${missing}`);
      });

      it('answers 401 without a token', async () => {
        await api.http.delete(path).expect(401);
      });

      it('answers 403 for a token without write:accounts', async () => {
        const { user } = await createLocalAccount(api.dataSource);
        const token = await createAccessToken(api.dataSource, { user, scopes: 'read write:media' });
        await api.http.delete(path).set('Authorization', `Bearer ${token}`).expect(403);
      });
    });
  }
});
