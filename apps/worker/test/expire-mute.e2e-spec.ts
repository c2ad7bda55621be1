import { INestApplicationContext } from '@nestjs/common';
import { MuteService } from '@nestodon/core';
import { Mute } from '@nestodon/domain';
import {
  createLocalAccount,
  createTestEnvironment,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { createWorkerApp } from '../src/bootstrap';

describe('timed mutes end by themselves', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await createWorkerApp(environment.config);
    await worker.init();
  });
  afterAll(async () => {
    await worker.close();
    await environment.teardown();
  });

  it('a delayed BullMQ job deletes the mute when its duration is up', async () => {
    const dataSource = worker.get(DataSource);
    const { account: alice } = await createLocalAccount(dataSource);
    const { account: bob } = await createLocalAccount(dataSource);
    const { account: carol } = await createLocalAccount(dataSource);
    await worker.get(MuteService).call(alice, bob, { duration: 1 });
    await worker.get(MuteService).call(alice, carol, { duration: 3600 });
    const mutes = dataSource.getRepository(Mute);
    expect(await mutes.countBy({ accountId: alice.id })).toBe(2);

    expect(
      await waitFor(async () => (await mutes.countBy({ targetAccountId: bob.id })) === 0),
    ).toBe(true);
    expect(await mutes.countBy({ targetAccountId: carol.id })).toBe(1);
  });
});
