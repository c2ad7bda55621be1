import { CustomEmoji, idPartition } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('custom emojis', () => {
  let api: ApiHarness;
  let media: string;
  let blobcat: string;

  beforeAll(async () => {
    api = await startApi();
    media = api.config.media.baseUrl;
    const emojis = api.dataSource.getRepository(CustomEmoji);
    const saved = await emojis.save({
      shortcode: 'blobcat',
      imageFileName: 'abc.gif',
      category: 'Blobs',
    });
    await emojis.save([
      { shortcode: 'hidden', imageFileName: 'h.png', visibleInPicker: false },
      { shortcode: 'off', imageFileName: 'o.png', disabled: true },
      { shortcode: 'ablob', imageFileName: 'a.png' },
      { shortcode: 'blobcat', domain: 'remote.example', imageRemoteUrl: 'https://r.example/b.png' },
    ]);
    blobcat = `${media}/custom_emojis/images/${idPartition(saved.id)}`;
  });
  afterAll(() => api.close());

  it("GET /api/v1/custom_emojis lists this server's picker emojis to anyone", async () => {
    const res = await api.http.get('/api/v1/custom_emojis').expect(200);
    expect(res.body.map((emoji: { shortcode: string }) => emoji.shortcode)).toEqual([
      'ablob',
      'blobcat',
    ]);
    expect(res.body[1]).toEqual({
      shortcode: 'blobcat',
      url: `${blobcat}/original/abc.gif`,
      static_url: `${blobcat}/static/abc.png`,
      visible_in_picker: true,
      category: 'Blobs',
    });
  });

  it('renders the emojis of display names, notes and fields, each from its server', async () => {
    const { account } = await createLocalAccount(api.dataSource, {
      displayName: 'Alice :blobcat:',
      note: 'I like :hidden: and :off:',
      fields: [{ name: ':ablob:', value: 'plain' }],
    });
    const res = await api.http.get(`/api/v1/accounts/${account.id}`).expect(200);
    expect(res.body.emojis.map((emoji: { shortcode: string }) => emoji.shortcode)).toEqual([
      'blobcat',
      'hidden',
      'ablob',
    ]);
    expect(res.body.emojis[0].url).toBe(`${blobcat}/original/abc.gif`);

    const remote = await createRemoteAccount(api.dataSource, {
      displayName: ':blobcat: far away :ablob:',
    });
    const far = await api.http.get(`/api/v1/accounts/${remote.id}`).expect(200);
    expect(far.body.emojis).toEqual([
      {
        shortcode: 'blobcat',
        url: 'https://r.example/b.png',
        static_url: 'https://r.example/b.png',
        visible_in_picker: true,
        category: null,
      },
    ]);
  });
});
