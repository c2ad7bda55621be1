import { Account } from '@nestodon/domain';
import {
  animatedGif,
  createAccessToken,
  createLocalAccount,
  createRemoteAccount,
  solidImage,
} from '@nestodon/testing';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiHarness, startApi } from '../../../../support/api-harness';

describe('PATCH /api/v1/accounts/update_credentials', () => {
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

  async function signedIn(attributes: Partial<Account> = {}, scopes = 'read write') {
    const { account, user } = await createLocalAccount(api.dataSource, attributes);
    const token = await createAccessToken(api.dataSource, { user, scopes });
    return { account, user, auth: `Bearer ${token}` };
  }

  const patch = (auth: string) =>
    api.http.patch('/api/v1/accounts/update_credentials').set('Authorization', auth);

  /** Fetches a URL the api serves (media, placeholders) through the test server. */
  const fetchServed = (url: string) =>
    api.http
      .get(new URL(url).pathname)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  const fileOf = (url: string) => join(mediaRoot, new URL(url).pathname.replace(/^\/system\//, ''));

  it('updates text, flags, fields and posting defaults (JSON)', async () => {
    const local = await createLocalAccount(api.dataSource, { username: 'dora' });
    await createRemoteAccount(api.dataSource, { username: 'eve', domain: 'far.example' });
    const { account, auth } = await signedIn();
    const res = await patch(auth)
      .send({
        display_name: '  Frida  ',
        note: 'Hello @dora and @eve@far.example and @nobody\n\nMore #text at https://frida.example @DORA@Nestodon.test',
        locked: true,
        bot: 'true',
        discoverable: true,
        indexable: 'yes',
        hide_collections: '1',
        fields_attributes: [
          { name: 'Site', value: 'https://frida.example' },
          { name: '', value: '' },
          { name: 'Pronouns', value: 'she/her' },
        ],
        source: { privacy: 'private', sensitive: true, language: 'EN', quote_policy: 'nobody' },
      })
      .expect(200);
    const base = api.config.instance.baseUrl;
    expect(res.body).toMatchObject({
      id: account.id,
      display_name: 'Frida',
      locked: true,
      bot: true,
      discoverable: true,
      indexable: true,
      hide_collections: true,
      source: {
        privacy: 'private',
        sensitive: true,
        language: 'en',
        quote_policy: 'nobody',
        note: 'Hello @dora and @eve@far.example and @nobody\n\nMore #text at https://frida.example @DORA@Nestodon.test',
        fields: [
          { name: 'Site', value: 'https://frida.example', verified_at: null },
          { name: 'Pronouns', value: 'she/her', verified_at: null },
        ],
        hide_collections: true,
        discoverable: true,
        indexable: true,
      },
    });
    expect(res.body.note).toContain(
      `<span class="h-card" translate="no"><a href="${base}/@${local.account.username}" class="u-url mention">@<span>dora</span></a></span>`,
    );
    expect(res.body.note).toContain(
      '<a href="https://far.example/@eve" class="u-url mention">@<span>eve</span></a>',
    );
    expect(res.body.note).toContain(' and @nobody</p><p>More ');
    // A handle naming this server is a local mention.
    expect(res.body.note.split(`href="${base}/@${local.account.username}"`)).toHaveLength(3);
    expect(res.body.note).toContain(`href="${base}/tags/text"`);
    expect(res.body.fields[0]).toEqual({
      name: 'Site',
      value:
        '<a href="https://frida.example" target="_blank" rel="me nofollow noopener" translate="no">' +
        '<span class="invisible">https://</span><span class="">frida.example</span><span class="invisible"></span></a>',
      verified_at: null,
    });
    expect(res.body.fields[1]).toEqual({ name: 'Pronouns', value: 'she/her', verified_at: null });

    // Stored: the rendered HTML is kept, so later reads need no formatting.
    const stored = await api.dataSource.getRepository(Account).findOneByOrFail({ id: account.id });
    expect(stored.noteHtml).toBe(res.body.note);
    expect(stored.actorType).toBe('Service');

    const again = await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', auth)
      .expect(200);
    expect(again.body.note).toBe(res.body.note);
    expect(again.body.fields).toEqual(res.body.fields);
  });

  it('accepts multipart forms with Rails booleans and hash-style fields, and PUT', async () => {
    const { auth } = await signedIn({ locked: true, actorType: 'Service' });
    const res = await api.http
      .put('/api/v1/accounts/update_credentials')
      .set('Authorization', auth)
      .field('locked', 'false')
      .field('bot', '0')
      .field('discoverable', 'off')
      .field('fields_attributes[0][name]', 'A')
      .field('fields_attributes[0][value]', '1')
      .field('fields_attributes[1][name]', 'B')
      .field('fields_attributes[1][value]', '2')
      .field('source[sensitive]', 'f')
      .expect(200);
    expect(res.body).toMatchObject({
      locked: false,
      bot: false,
      discoverable: false,
      source: { sensitive: false },
    });
    expect(res.body.source.fields.map((f: { name: string }) => f.name)).toEqual(['A', 'B']);

    const form = await patch(auth)
      .type('form')
      .send('fields_attributes[0][name]=X&fields_attributes[0][value]=Y&display_name=Form')
      .expect(200);
    expect(form.body.display_name).toBe('Form');
    expect(form.body.source.fields).toEqual([{ name: 'X', value: 'Y', verified_at: null }]);
  });

  it('leaves everything alone for an empty body or an empty source', async () => {
    const { auth } = await signedIn({ displayName: 'Same', locked: true });
    for (const body of [{}, { source: {} }, { source: '' }]) {
      const res = await patch(auth).send(body).expect(200);
      expect(res.body).toMatchObject({ display_name: 'Same', locked: true });
    }
    await patch(auth).field('source', '').expect(200);
  });

  it('keeps verified_at of fields whose value did not change', async () => {
    const verifiedAt = '2024-01-02T03:04:05.000Z';
    const { auth } = await signedIn({
      fields: [{ name: 'Site', value: 'https://v.example', verified_at: verifiedAt }],
    });
    const res = await patch(auth)
      .send({
        fields_attributes: {
          '0': { name: 'Homepage', value: 'https://v.example' },
          '1': { name: 'Other', value: 'https://other.example' },
        },
      })
      .expect(200);
    expect(res.body.fields.map((f: { verified_at: string | null }) => f.verified_at)).toEqual([
      verifiedAt,
      null,
    ]);
  });

  it('stores a resized avatar and header, served with long cache headers', async () => {
    const { account, auth } = await signedIn();
    const res = await patch(auth)
      .attach('avatar', await solidImage(800, 600, 'png'), 'me.png')
      .attach('header', await solidImage(3000, 2000, 'jpeg'), {
        filename: 'header.bin',
        contentType: 'application/octet-stream',
      })
      .expect(200);
    const media = api.config.media.baseUrl;
    expect(res.body.avatar).toMatch(
      new RegExp(`^${media}/accounts/avatars/(\\d{3}/)+original/[0-9a-f]{16}\\.png$`),
    );
    expect(res.body.avatar_static).toBe(res.body.avatar);
    expect(res.body.header).toMatch(/\/accounts\/headers\/(\d{3}\/)+original\/[0-9a-f]{16}\.jpg$/);
    expect(res.body.header).toContain(
      account.id.padStart(Math.ceil(account.id.length / 3) * 3, '0').slice(0, 3),
    );

    const avatar = await fetchServed(res.body.avatar).expect(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.headers['cache-control']).toContain('max-age=31536000');
    expect(avatar.headers['cache-control']).toContain('immutable');
    expect(await sharp(avatar.body as Buffer).metadata()).toMatchObject({
      width: 400,
      height: 400,
      format: 'png',
    });
    const header = await fetchServed(res.body.header).expect(200);
    expect(await sharp(header.body as Buffer).metadata()).toMatchObject({
      width: 1500,
      height: 500,
      format: 'jpeg',
    });
  });

  it('keeps GIF animation and adds a still first frame', async () => {
    const { auth } = await signedIn();
    const res = await patch(auth)
      .attach('avatar', await animatedGif(120, 90), 'anim.gif')
      .expect(200);
    expect(res.body.avatar).toMatch(/\/original\/[0-9a-f]{16}\.gif$/);
    expect(res.body.avatar_static).toMatch(/\/static\/[0-9a-f]{16}\.png$/);
    const animated = await fetchServed(res.body.avatar).expect(200);
    const meta = await sharp(animated.body as Buffer, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2, width: 400, pageHeight: 400 });
    const still = await fetchServed(res.body.avatar_static).expect(200);
    expect(await sharp(still.body as Buffer).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 400,
    });
  });

  it('deletes the replaced image files', async () => {
    const { auth } = await signedIn();
    const first = await patch(auth)
      .attach('avatar', await animatedGif(50, 50), 'a.gif')
      .expect(200);
    expect(existsSync(fileOf(first.body.avatar))).toBe(true);
    expect(existsSync(fileOf(first.body.avatar_static))).toBe(true);
    const second = await patch(auth)
      .attach('avatar', await solidImage(50, 50, 'webp'), 'b.webp')
      .expect(200);
    expect(second.body.avatar).toMatch(/\.webp$/);
    expect(existsSync(fileOf(first.body.avatar))).toBe(false);
    expect(existsSync(fileOf(first.body.avatar_static))).toBe(false);
    expect(existsSync(fileOf(second.body.avatar))).toBe(true);
  });

  it('rejects files that are not images with 422 and changes nothing', async () => {
    const { account, auth } = await signedIn({ displayName: 'Unchanged' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [name, data, type] of [
      ['avatar', Buffer.from('just some text'), 'image/png'],
      ['header', svg, 'image/svg+xml'],
      ['avatar', Buffer.from('GIF89a-truncated'), 'image/gif'],
    ] as const) {
      const res = await patch(auth)
        .field('display_name', 'Changed')
        .attach(name, data, { filename: 'x', contentType: type })
        .expect(422);
      expect(res.body.error).toMatch(/^Validation failed: (Avatar|Header) must be a JPEG/);
      expect(res.body.details[name][0].error).toBe('ERR_INVALID');
    }
    const stored = await api.dataSource.getRepository(Account).findOneByOrFail({ id: account.id });
    expect(stored.displayName).toBe('Unchanged');
    expect(stored.avatarFileName).toBeNull();
  });

  describe('validation (422)', () => {
    let auth: string;
    beforeAll(async () => {
      ({ auth } = await signedIn());
    });

    const cases: Array<[string, Record<string, unknown>, RegExp, string]> = [
      ['a null display name', { display_name: null }, /Display name/, 'display_name'],
      ['a null note', { note: null }, /Note/, 'note'],
      [
        'display name over 30 characters',
        { display_name: 'x'.repeat(31) },
        /Display name is too long \(maximum is 30 characters\)/,
        'display_name',
      ],
      [
        'note over 500 characters',
        { note: 'y'.repeat(500 + 1) },
        /Note is too long \(maximum is 500 characters\)/,
        'note',
      ],
      [
        'more than 4 fields',
        {
          fields_attributes: [1, 2, 3, 4, 5].map((n) => ({ name: `n${n}`, value: `v${n}` })),
        },
        /Fields are too many \(maximum is 4\)/,
        'fields',
      ],
      [
        'a field name over 255 characters',
        { fields_attributes: [{ name: 'n'.repeat(256), value: 'v' }] },
        /Field 1 name is too long \(maximum is 255 characters\)/,
        'fields.0.name',
      ],
      [
        'a field value over 255 characters',
        { fields_attributes: [{ name: 'n', value: 'v'.repeat(256) }] },
        /Field 1 value is too long \(maximum is 255 characters\)/,
        'fields.0.value',
      ],
      [
        'an unknown privacy',
        { source: { privacy: 'everyone' } },
        /Source privacy must be one of public, unlisted, private, direct/,
        'source.privacy',
      ],
      [
        'an unknown language',
        { source: { language: 'xx' } },
        /Source language must be an ISO 639-1 language code/,
        'source.language',
      ],
      [
        'an unknown quote policy',
        { source: { quote_policy: 'friends' } },
        /Source quote policy must be one of public, followers, nobody/,
        'source.quote_policy',
      ],
      [
        'a display name that is not text',
        { display_name: 42 },
        /Display name must be a string/,
        'display_name',
      ],
      ['a note that is not text', { note: { a: 1 } }, /Note must be a string/, 'note'],
      [
        'a source that is not an object',
        { source: 'public' },
        /Source must be an object/,
        'source',
      ],
    ];

    it.each(cases)('rejects %s', async (_name, body, message, field) => {
      const res = await patch(auth).send(body).expect(422);
      expect(res.body.error).toMatch(/^Validation failed: /);
      expect(res.body.error).toMatch(message);
      expect(Object.keys(res.body.details)).toContain(field);
    });

    it('ignores fields_attributes given as a scalar, as Mastodon does (issue 15)', async () => {
      await patch(auth)
        .send({ fields_attributes: [{ name: 'Kept', value: 'yes' }] })
        .expect(200);
      for (const scalar of ['undefined', 'x', 42, true]) {
        const res = await patch(auth)
          .send({ fields_attributes: scalar, display_name: 'Scalar' })
          .expect(200);
        expect(res.body.fields).toEqual([
          expect.objectContaining({ name: 'Kept', value: expect.stringContaining('yes') }),
        ]);
        expect(res.body.display_name).toBe('Scalar');
      }
      const form = await patch(auth)
        .type('form')
        .send('fields_attributes=undefined&note=from+a+form')
        .expect(200);
      expect(form.body.fields).toHaveLength(1);
      // Items that are not objects are dropped, so a list of scalars clears the fields.
      const cleared = await patch(auth)
        .send({ fields_attributes: ['x'] })
        .expect(200);
      expect(cleared.body.fields).toEqual([]);
    });

    it('counts URLs as 23 characters and accepts limits exactly', async () => {
      const url = `https://example.com/${'p'.repeat(200)}`;
      await patch(auth)
        .send({ display_name: 'x'.repeat(30), note: `${url} ${'n'.repeat(476)}` })
        .expect(200);
      await patch(auth)
        .send({ fields_attributes: [{ name: 'n'.repeat(255), value: 'v'.repeat(255) }] })
        .expect(200);
      await patch(auth)
        .send({ display_name: '👩‍👩‍👧‍👦'.repeat(30) })
        .expect(200);
    });

    it('reports several problems at once', async () => {
      const res = await patch(auth)
        .send({ display_name: 'x'.repeat(31), source: { privacy: 'nope' } })
        .expect(422);
      expect(Object.keys(res.body.details).sort()).toEqual(['display_name', 'source.privacy']);
    });
  });

  it('answers 401 without a token', async () => {
    await api.http.patch('/api/v1/accounts/update_credentials').send({}).expect(401);
    await api.http.put('/api/v1/accounts/update_credentials').send({}).expect(401);
  });

  it('answers 403 for a token without write:accounts', async () => {
    const { auth } = await signedIn({}, 'read write:statuses');
    await patch(auth).send({ display_name: 'No' }).expect(403);
  });

  it('serves the placeholder images accounts without images point to', async () => {
    const base = api.config.instance.baseUrl;
    const avatar = await fetchServed(`${base}/avatars/original/missing.png`).expect(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(await sharp(avatar.body as Buffer).metadata()).toMatchObject({
      width: 400,
      height: 400,
    });
    const header = await fetchServed(`${base}/headers/original/missing.png`).expect(200);
    expect(await sharp(header.body as Buffer).metadata()).toMatchObject({
      width: 1500,
      height: 500,
    });
  });

  it('answers 404 for media files that do not exist and never lists folders', async () => {
    await api.http.get('/system/accounts/avatars/nope.png').expect(404);
    await api.http.get('/system/').expect(404);
    await api.http.get('/system/../package.json').expect(404);
  });
});
