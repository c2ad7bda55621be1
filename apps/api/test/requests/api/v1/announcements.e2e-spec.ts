import {
  ChangeAnnouncementPublicationService,
  CreateAnnouncementService,
  StreamAnnouncementService,
} from '@nestodon/core';
import { CustomEmoji, StatusVisibility } from '@nestodon/domain';
import { createLocalAccount, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../support/timelines';

describe('/api/v1/announcements', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;
  const create = (attributes: Parameters<CreateAnnouncementService['call']>[0]) =>
    api.app.get(CreateAnnouncementService).call(attributes);
  const list = (auth: string, query = '') =>
    api.http.get(`/api/v1/announcements${query}`).set('Authorization', auth).expect(200);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
    await api.dataSource
      .getRepository(CustomEmoji)
      .save({ shortcode: 'blobcat', imageFileName: 'b.png' });
  });
  afterAll(() => api.close());

  it('lists published announcements with every field, rendered for the viewer', async () => {
    const { account: carol } = await createLocalAccount(api.dataSource, { username: 'carol' });
    const linked = await createStatus(api.dataSource, carol, {
      visibility: StatusVisibility.Public,
    });
    const hidden = await createStatus(api.dataSource, carol, {
      visibility: StatusVisibility.Private,
    });
    const startsAt = new Date('2030-01-01T10:00:00.000Z');
    const endsAt = new Date('2030-01-01T12:00:00.000Z');
    const announcement = await create({
      text: 'Hello @carol, see #News :blobcat: https://example.com/x',
      startsAt,
      endsAt,
      allDay: true,
      statusIds: [linked.id, hidden.id],
    });
    const res = await list(alice.auth);
    const found = res.body.find((a: { id: string }) => a.id === announcement.id);
    const { baseUrl } = api.config.instance;
    expect(found).toEqual({
      id: announcement.id,
      content: expect.stringContaining(`href="${baseUrl}/@carol"`),
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      all_day: true,
      published_at: expect.any(String),
      updated_at: expect.any(String),
      read: false,
      mentions: [{ id: carol.id, username: 'carol', url: `${baseUrl}/@carol`, acct: 'carol' }],
      statuses: [{ id: linked.id, url: `${baseUrl}/@carol/${linked.id}` }],
      tags: [{ name: 'News', url: `${baseUrl}/tags/news` }],
      emojis: [expect.objectContaining({ shortcode: 'blobcat' })],
      reactions: [],
    });
    expect(found.content).toContain('href="https://example.com/x"');
  });

  it('leaves out unpublished and scheduled announcements, in chronological order', async () => {
    const first = await create({ text: 'first' });
    const later = await create({ text: 'later', scheduledAt: new Date(Date.now() + 3600_000) });
    const second = await create({ text: 'second' });
    const ids = (await list(bob.auth)).body.map((a: { id: string }) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(later.id);

    // Its time comes: the scheduled job publishes it.
    const stream = api.app.get(StreamAnnouncementService);
    expect(await stream.call(later.id)).toBe(false);
    expect(await stream.call(later.id, new Date(Date.now() + 7200_000))).toBe(true);
    expect((await list(bob.auth)).body.map((a: { id: string }) => a.id)).toContain(later.id);

    await api.app.get(ChangeAnnouncementPublicationService).call(second.id, false);
    expect((await list(bob.auth)).body.map((a: { id: string }) => a.id)).not.toContain(second.id);
  });

  it('dismisses: read becomes true; with_dismissed=false leaves it out', async () => {
    const announcement = await create({ text: 'dismiss me' });
    await api.http
      .post(`/api/v1/announcements/${announcement.id}/dismiss`)
      .set('Authorization', alice.auth)
      .expect(200, {});
    await api.http
      .post(`/api/v1/announcements/${announcement.id}/dismiss`)
      .set('Authorization', alice.auth)
      .expect(200, {});
    const mine = (await list(alice.auth)).body.find(
      (a: { id: string }) => a.id === announcement.id,
    );
    expect(mine.read).toBe(true);
    const theirs = (await list(bob.auth)).body.find(
      (a: { id: string }) => a.id === announcement.id,
    );
    expect(theirs.read).toBe(false);
    const undismissed = await list(alice.auth, '?with_dismissed=false');
    expect(undismissed.body.map((a: { id: string }) => a.id)).not.toContain(announcement.id);
  });

  it('adds and removes reactions, unicode and custom, with counts and me', async () => {
    const announcement = await create({ text: 'react' });
    const react = (auth: string, name: string, method: 'put' | 'delete' = 'put') =>
      api.http[method](
        `/api/v1/announcements/${announcement.id}/reactions/${encodeURIComponent(name)}`,
      ).set('Authorization', auth);
    await react(alice.auth, '👍').expect(200, {});
    await react(bob.auth, '👍').expect(200);
    await react(bob.auth, 'blobcat').expect(200);
    await react(bob.auth, '🏳️‍🌈').expect(200);
    // PATCH is routed too, as Rails routes updates.
    await api.http
      .patch(`/api/v1/announcements/${announcement.id}/reactions/${encodeURIComponent('🎉')}`)
      .set('Authorization', alice.auth)
      .expect(200);

    const view = (await list(alice.auth)).body.find(
      (a: { id: string }) => a.id === announcement.id,
    );
    expect(view.reactions).toEqual([
      { name: '👍', count: 2, me: true },
      {
        name: 'blobcat',
        count: 1,
        me: false,
        url: expect.stringContaining('/custom_emojis/images/'),
        static_url: expect.stringContaining('/static/'),
      },
      { name: '🏳️‍🌈', count: 1, me: false },
      { name: '🎉', count: 1, me: true },
    ]);

    await react(alice.auth, '👍', 'delete').expect(200, {});
    await react(alice.auth, '👍', 'delete').expect(404);
    const after = (await list(alice.auth)).body.find(
      (a: { id: string }) => a.id === announcement.id,
    );
    expect(after.reactions[0]).toEqual({ name: '👍', count: 1, me: false });
  });

  it('refuses what is not an emoji, duplicates and a ninth kind of reaction (422)', async () => {
    const announcement = await create({ text: 'limits' });
    const react = (name: string, auth = alice.auth) =>
      api.http
        .put(`/api/v1/announcements/${announcement.id}/reactions/${encodeURIComponent(name)}`)
        .set('Authorization', auth);
    const bad = await react('not_an_emoji').expect(422);
    expect(bad.body.error).toBe('Validation failed: Name is not a recognized emoji');
    await react('ab').expect(422);
    await react('😀').expect(200);
    await react('😀').expect(422);
    for (const emoji of ['😁', '😂', '🤣', '😃', '😄', '😅', '😆']) await react(emoji).expect(200);
    await react('😉').expect(422);
    // An existing kind may still be added to.
    await react('😀', bob.auth).expect(200);
  });

  it('answers 401, 403 and 404', async () => {
    const announcement = await create({ text: 'auth' });
    const unpublished = await create({
      text: 'not yet',
      scheduledAt: new Date(Date.now() + 3600_000),
    });
    await api.http.get('/api/v1/announcements').expect(401);
    await api.http.post(`/api/v1/announcements/${announcement.id}/dismiss`).expect(401);
    await api.http
      .put(`/api/v1/announcements/${announcement.id}/reactions/%F0%9F%91%8D`)
      .expect(401);

    const readOnly = await authWith(api.dataSource, alice, 'read');
    await list(readOnly);
    await api.http
      .post(`/api/v1/announcements/${announcement.id}/dismiss`)
      .set('Authorization', readOnly)
      .expect(403);
    await api.http
      .put(`/api/v1/announcements/${announcement.id}/reactions/%F0%9F%91%8D`)
      .set('Authorization', readOnly)
      .expect(403);

    for (const id of [unpublished.id, '999999999', 'abc']) {
      await api.http
        .post(`/api/v1/announcements/${id}/dismiss`)
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .put(`/api/v1/announcements/${id}/reactions/%F0%9F%91%8D`)
        .set('Authorization', alice.auth)
        .expect(404);
    }
  });
});
