import { CreateAnnouncementService, DeleteAnnouncementService } from '@nestodon/core';
import { Channel } from '@nestodon/pubsub';
import { actor } from './support/accounts';
import { StreamSocket } from './support/stream-clients';
import { listening, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

/** Announcements reach the `user` stream of every local user, as Mastodon streams them. */
describe('streaming: announcements', () => {
  let world: StreamingWorld;

  beforeAll(async () => {
    world = await startStreamingWorld();
  });
  afterAll(() => world.close());

  it('streams announcement, announcement.reaction and announcement.delete', async () => {
    const vic = await actor(world.api.dataSource);
    const other = await actor(world.api.dataSource);
    const socket = await StreamSocket.open(world.streaming.url, {
      token: vic.auth.replace(/^Bearer /, ''),
      query: { stream: 'user' },
    });
    await listening(world.streaming, Channel.user(vic.account.id));
    try {
      const created = await world.api.app
        .get(CreateAnnouncementService)
        .call({ text: 'Maintenance tonight #ops' });
      const announced = await socket.event('announcement');
      expect(announced.stream).toEqual(['user']);
      const payload = JSON.parse(announced.payload!);
      expect(payload).toMatchObject({
        id: created.id,
        content: expect.stringContaining('Maintenance tonight'),
        tags: [{ name: 'ops', url: expect.stringMatching(/\/tags\/ops$/) }],
        reactions: [],
      });
      // Rendered for nobody in particular: no read flag.
      expect(payload).not.toHaveProperty('read');

      await world.api.http
        .put(`/api/v1/announcements/${created.id}/reactions/${encodeURIComponent('👍')}`)
        .set('Authorization', other.auth)
        .expect(200);
      const reacted = await socket.event('announcement.reaction');
      expect(JSON.parse(reacted.payload!)).toEqual({
        name: '👍',
        count: 1,
        announcement_id: created.id,
      });

      await world.api.app.get(DeleteAnnouncementService).call(created.id);
      const deleted = await socket.event('announcement.delete');
      expect(deleted.payload).toBe(created.id);
    } finally {
      socket.close();
    }
  });
});
