import { DeliverWebPushService } from '@nestodon/core';
import { insertFollow } from '@nestodon/testing';
import webpush from 'web-push';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { PushDevice, PushReceiver } from '../../../../support/push-receiver';
import { actor, TimelineActor } from '../../../../support/timelines';

const vapid = webpush.generateVAPIDKeys();

/**
 * Notifications pushed through the worker's job (run inline) to a push service on loopback,
 * which hands the encrypted message to a device holding the subscription's keys.
 */
describe('web push delivery', () => {
  let api: ApiHarness;
  let receiver: PushReceiver;
  let bob: TimelineActor;

  beforeAll(async () => {
    api = await startApi({
      inlineJobs: true,
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
    });
    receiver = await new PushReceiver().start();
    bob = await actor(api.dataSource, { displayName: 'Bob Builder' });
  });
  afterAll(async () => {
    await receiver.stop();
    await api.close();
  });

  async function subscribed(
    path: string,
    data: Record<string, unknown>,
    standard = true,
  ): Promise<{ who: TimelineActor; device: PushDevice; id: string }> {
    const who = await actor(api.dataSource);
    const device = new PushDevice();
    const res = await api.http
      .post('/api/v1/push/subscription')
      .set('Authorization', who.auth)
      .send({
        subscription: { endpoint: receiver.endpoint(path), keys: device.keys, standard },
        data,
      })
      .expect(200);
    return { who, device, id: res.body.id as string };
  }

  const mention = (from: TimelineActor, to: TimelineActor, text = 'hello') =>
    api.http
      .post('/api/v1/statuses')
      .set('Authorization', from.auth)
      .send({ status: `@${to.account.username} ${text}` })
      .expect(200);

  it('pushes Mastodon’s encrypted payload (aes128gcm) with VAPID, TTL and urgency', async () => {
    const { who, device } = await subscribed('/alice', { alerts: { mention: true } });
    await mention(bob, who, 'are you there?');

    const [push] = receiver.at('/alice');
    expect(push.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: String(48 * 3600),
      urgency: 'normal',
      authorization: expect.stringMatching(/^vapid t=.+, k=/),
    });
    const notifications = await api.http
      .get('/api/v1/notifications')
      .set('Authorization', who.auth)
      .expect(200);
    expect(device.decrypt(push)).toEqual({
      access_token: who.auth.replace(/^Bearer /, ''),
      preferred_locale: 'en',
      notification_id: notifications.body[0].id,
      notification_type: 'mention',
      icon: notifications.body[0].account.avatar_static,
      title: 'Bob Builder mentioned you',
      body: `@${who.account.username} are you there?`,
    });
  });

  it('uses legacy aesgcm for subscriptions that are not standard', async () => {
    const { who, device } = await subscribed('/legacy', { alerts: { mention: true } }, false);
    await mention(bob, who);
    const [push] = receiver.at('/legacy');
    expect(push.headers['content-encoding']).toBe('aesgcm');
    expect(device.decrypt(push)).toMatchObject({ notification_type: 'mention' });
  });

  it('pushes only the notification types the subscription wants', async () => {
    const { who } = await subscribed('/alerts', { alerts: { favourite: true } });
    await mention(bob, who);
    expect(receiver.at('/alerts')).toHaveLength(0);
    const status = await api.http
      .post('/api/v1/statuses')
      .set('Authorization', who.auth)
      .send({ status: 'like me' })
      .expect(200);
    await api.http
      .post(`/api/v1/statuses/${status.body.id}/favourite`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect(receiver.at('/alerts')).toHaveLength(1);
  });

  it.each([
    [
      'followed',
      (who: TimelineActor, sender: TimelineActor) =>
        insertFollow(api.dataSource, who.account, sender.account),
    ],
    [
      'follower',
      (who: TimelineActor, sender: TimelineActor) =>
        insertFollow(api.dataSource, sender.account, who.account),
    ],
  ])('applies the %s policy', async (policy, relate) => {
    const path = `/policy-${policy}`;
    const { who } = await subscribed(path, { alerts: { mention: true }, policy });
    const stranger = await actor(api.dataSource);
    const friend = await actor(api.dataSource);
    await relate(who, friend);
    await mention(stranger, who);
    expect(receiver.at(path)).toHaveLength(0);
    await mention(friend, who);
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('pushes nothing under the none policy', async () => {
    const { who } = await subscribed('/none', { alerts: { mention: true }, policy: 'none' });
    await mention(bob, who);
    expect(receiver.at('/none')).toHaveLength(0);
  });

  it('removes the subscription when the push service says it is gone (410)', async () => {
    receiver.statuses.set('/gone', 410);
    const { who } = await subscribed('/gone', { alerts: { mention: true } });
    await mention(bob, who);
    expect(receiver.at('/gone')).toHaveLength(1);
    await api.http.get('/api/v1/push/subscription').set('Authorization', who.auth).expect(404);
  });

  it('fails (so the job is retried) and keeps the subscription when the push service errs', async () => {
    receiver.statuses.set('/flaky', 503);
    const { who, id } = await subscribed('/flaky', { alerts: {} });
    await mention(bob, who);
    const [row] = await api.dataSource.query(
      `SELECT id::text FROM notifications WHERE account_id = $1`,
      [who.account.id],
    );
    await expect(api.app.get(DeliverWebPushService).call(id, row.id)).rejects.toThrow(
      'push service answered 503',
    );
    await api.http.get('/api/v1/push/subscription').set('Authorization', who.auth).expect(200);
  });
});
