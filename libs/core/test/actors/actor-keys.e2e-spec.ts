import { createPublicKey } from 'node:crypto';
import {
  EnsureAccountKeysService,
  EnsureInstanceActorKeysService,
  RotateAccountKeysService,
  UnknownAccountError,
} from '@nestodon/core';
import { AccountRepository, InstanceActorRepository, RecordNotFoundError } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

describe('actor keys', () => {
  let core: CoreContext;
  beforeAll(async () => (core = await startCore()));
  afterAll(() => core.close());

  it('gives an account without keys both pairs on first use, the same to concurrent callers', async () => {
    const { account } = await createLocalAccount(core.dataSource);
    const ensure = core.app.get(EnsureAccountKeysService);
    const [first, second] = await Promise.all([ensure.call(account.id), ensure.call(account.id)]);
    expect(first).toEqual(second);
    expect(createPublicKey(first.rsaPublicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(createPublicKey(first.ed25519PublicKey).asymmetricKeyType).toBe('ed25519');
    expect(await ensure.call(account.id)).toEqual(first);
  });

  it('keeps the RSA pair of an account that predates Ed25519 keys', async () => {
    const { account } = await createLocalAccount(core.dataSource, {
      publicKey: 'existing public',
      privateKey: 'existing private',
    });
    const keys = await core.app.get(EnsureAccountKeysService).call(account.id);
    expect(keys.rsaPublicKey).toBe('existing public');
    expect(keys.rsaPrivateKey).toBe('existing private');
    expect(keys.ed25519PrivateKey).toContain('BEGIN PRIVATE KEY');
  });

  it('has no keys for remote accounts', async () => {
    const remote = await createRemoteAccount(core.dataSource);
    await expect(core.app.get(EnsureAccountKeysService).call(remote.id)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    );
  });

  it('rotates both pairs of a local account', async () => {
    const { account } = await createLocalAccount(core.dataSource);
    const before = await core.app.get(EnsureAccountKeysService).call(account.id);
    await core.app.get(RotateAccountKeysService).call(`@${account.username}`);
    const after = await core.app.get(AccountRepository).localActorKeys(account.id);
    expect(after!.rsaPublicKey).not.toBe(before.rsaPublicKey);
    expect(after!.ed25519PublicKey).not.toBe(before.ed25519PublicKey);
    await expect(core.app.get(RotateAccountKeysService).call('nobody')).rejects.toBeInstanceOf(
      UnknownAccountError,
    );
  });

  it('makes the instance actor keys once', async () => {
    const keys = await core.app.get(EnsureInstanceActorKeysService).call();
    expect(createPublicKey(keys.rsaPublicKey).asymmetricKeyType).toBe('rsa');
    // Another process reading the stored row gets the same keys.
    const other = new EnsureInstanceActorKeysService(core.app.get(InstanceActorRepository));
    expect(await other.call()).toEqual(keys);
  });
});
