import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, ConfigModule } from '@nestodon/config';
import {
  CacheInvalidator,
  ChangeSettingsService,
  ClearCacheService,
  CoreModule,
  SettingsQueries,
} from '@nestodon/core';
import { SettingRepository, ValidationError } from '@nestodon/domain';
import { DatabaseModule, RedisModule } from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';
import { CoreContext, startCore } from '../support/core-context';

/** Lets the event loop turn until `check` holds: announcements arrive over Redis. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 500; turn++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

/** Another process (an api replica) on `config`'s database and Redis namespace. */
async function boot(config: AppConfig): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule,
      RedisModule,
      QueueModule,
      PubSubModule,
      CoreModule,
      SerializersModule,
    ],
  }).compile();
  return moduleRef.init();
}

describe('runtime settings', () => {
  let core: CoreContext;
  /** A second process (another api replica) on the same database and Redis namespace. */
  let replica: INestApplicationContext;

  beforeAll(async () => {
    core = await startCore({ env: { REGISTRATIONS_MODE: 'approved' } });
    replica = await boot(core.environment.config);
  });
  afterAll(async () => {
    await replica.close();
    await core.close();
  });

  const changeSettings = () => core.app.get(ChangeSettingsService);
  const replicaSettings = () => replica.get(SettingsQueries);

  it('defaults to REGISTRATIONS_MODE, with a reason required when approval is', async () => {
    expect(await replicaSettings().current()).toEqual({
      registrationsMode: 'approved',
      requireInviteText: true,
      trends: true,
      trendableByDefault: false,
      showDomainBlocks: 'disabled',
      showDomainBlocksRationale: 'disabled',
    });
  });

  it('a change reaches the other processes, which cache until the next one', async () => {
    // Until a process hears announcements it caches nothing; this one does by now.
    await eventually(async () => replica.get(CacheInvalidator).listening);
    expect(await changeSettings().call({ registrationsMode: 'open' })).toEqual({
      registrationsMode: 'open',
      requireInviteText: true,
      trends: true,
      trendableByDefault: false,
      showDomainBlocks: 'disabled',
      showDomainBlocksRationale: 'disabled',
    });
    await eventually(async () => (await replicaSettings().registrationsMode()) === 'open');

    // Written behind everyone's back: the replica keeps its cached copy...
    await core.app.get(SettingRepository).save({ registrations_mode: 'none' });
    expect(await replicaSettings().registrationsMode()).toBe('open');
    // ...until `cache clear` makes every process read again.
    await core.app.get(ClearCacheService).call();
    await eventually(async () => (await replicaSettings().registrationsMode()) === 'none');
  });

  it('without Redis, a change reaches the other processes through PostgreSQL', async () => {
    const { config } = core.environment;
    const withoutRedis: AppConfig = {
      ...config,
      redis: { ...config.redis, enabled: false, use: 'never' },
    };
    const [writer, reader] = await Promise.all([boot(withoutRedis), boot(withoutRedis)]);
    try {
      const mode = () => reader.get(SettingsQueries).registrationsMode();
      await eventually(async () => reader.get(CacheInvalidator).listening);
      await writer.get(ChangeSettingsService).call({ registrationsMode: 'none' });
      await eventually(async () => (await mode()) === 'none');
      await writer.get(ChangeSettingsService).call({ registrationsMode: 'open' });
      await eventually(async () => (await mode()) === 'open');
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('refuses values that are not valid settings', async () => {
    await expect(
      changeSettings().call({ registrationsMode: 'sometimes' as never }),
    ).rejects.toThrow(ValidationError);
    await expect(changeSettings().call({ requireInviteText: 'yes' as never })).rejects.toThrow(
      'require_invite_text cannot be "yes"',
    );
  });

  it('reads a stored value that is no longer valid as unset', async () => {
    await core.app.get(SettingRepository).save({ registrations_mode: 'invite-only' });
    await core.app.get(ClearCacheService).call();
    expect(await core.app.get(SettingsQueries).registrationsMode()).toBe('approved');
  });
});
