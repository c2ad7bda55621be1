import { createPublicKey } from 'node:crypto';
import { CreateLocalAccountService, CreateLocalAccountInput, PasswordHasher } from '@nestodon/core';
import { Account, User, ValidationError } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

const valid = (overrides: Partial<CreateLocalAccountInput> = {}): CreateLocalAccountInput => ({
  username: 'alice',
  email: 'alice@example.com',
  password: 'correct horse battery',
  agreement: true,
  approved: true,
  ...overrides,
});

async function validationError(promise: Promise<unknown>): Promise<ValidationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('CreateLocalAccountService', () => {
  let core: CoreContext;
  let service: CreateLocalAccountService;

  beforeAll(async () => {
    core = await startCore();
    service = core.app.get(CreateLocalAccountService);
  });
  afterAll(() => core.close());

  it('creates a local account and its unconfirmed user with a hashed password and keys', async () => {
    const { account, user } = await service.call(
      valid({
        username: 'Newcomer',
        email: ' Newcomer@Example.COM ',
        locale: 'de',
        approved: false,
      }),
    );
    expect(account).toMatchObject({ username: 'Newcomer', domain: null });
    const stored = await core.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.encryptedPassword')
      .where('u.id = :id', { id: user.id })
      .getOneOrFail();
    expect(stored).toMatchObject({
      accountId: account.id,
      email: 'newcomer@example.com',
      locale: 'de',
      agreement: true,
      approved: false,
      confirmedAt: null,
      disabled: false,
      roleId: null,
    });
    expect(stored.encryptedPassword).toMatch(/^\$argon2id\$/);
    const hasher = core.app.get(PasswordHasher);
    expect(await hasher.verify(stored.encryptedPassword, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored.encryptedPassword, 'wrong')).toBe(false);

    const keys = await core.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .addSelect('a.privateKey')
      .addSelect('a.ed25519PrivateKey')
      .where('a.id = :id', { id: account.id })
      .getOneOrFail();
    expect(createPublicKey(keys.publicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(keys.privateKey).toContain('BEGIN PRIVATE KEY');
    expect(createPublicKey(keys.ed25519PublicKey!).asymmetricKeyType).toBe('ed25519');
    expect(keys.ed25519PrivateKey).toContain('BEGIN PRIVATE KEY');
  });

  it('reports every bad field at once with Mastodon codes', async () => {
    const error = await validationError(
      service.call({
        username: 'bad name!',
        email: 'not-an-address',
        password: 'short',
        agreement: false,
        locale: 'zz',
        reasonRequired: true,
        approved: false,
      }),
    );
    expect(error.message).toMatch(/^Validation failed: Username must contain only letters/);
    expect(error.details).toEqual({
      username: [
        { error: 'ERR_INVALID', description: 'must contain only letters, numbers and underscores' },
      ],
      email: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      password: [{ error: 'ERR_TOO_SHORT', description: 'is too short (minimum is 8 characters)' }],
      agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
      locale: [{ error: 'ERR_INCLUSION', description: 'is not included in the list' }],
      reason: [{ error: 'ERR_BLANK', description: "can't be blank" }],
    });
  });

  it('treats usernames and e-mail addresses as taken case-insensitively among local users', async () => {
    await createLocalAccount(
      core.dataSource,
      { username: 'Taken' },
      { email: 'taken@example.com' },
    );
    const error = await validationError(
      service.call(valid({ username: 'tAKEN', email: 'TAKEN@example.com' })),
    );
    expect(error.details).toEqual({
      username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
      email: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
    });
    expect(error.message).toBe(
      'Validation failed: Username has already been taken, Email has already been taken',
    );
  });

  it('does not count remote accounts with the same username', async () => {
    await createRemoteAccount(core.dataSource, { username: 'wanderer', domain: 'far.example' });
    const { account } = await service.call(
      valid({ username: 'wanderer', email: 'wanderer@example.com' }),
    );
    expect(account.domain).toBeNull();
  });

  it('refuses reserved names unless the operator allows them', async () => {
    const error = await validationError(
      service.call(valid({ username: 'Support', email: 'support@example.com' })),
    );
    expect(error.details).toEqual({
      username: [{ error: 'ERR_RESERVED', description: 'is reserved' }],
    });
    const { account } = await service.call(
      valid({ username: 'support', email: 'support@example.com', allowReservedUsername: true }),
    );
    expect(account.username).toBe('support');
  });

  it('lets exactly one of two simultaneous sign-ups for one name win', async () => {
    const results = await Promise.allSettled([
      service.call(valid({ username: 'racer', email: 'racer1@example.com' })),
      service.call(valid({ username: 'RACER', email: 'racer2@example.com' })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(ValidationError);
    expect(failure.reason.details).toEqual({
      username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
    });
    const count = await core.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .where("lower(a.username) = 'racer'")
      .getCount();
    expect(count).toBe(1);
  });

  it('writes nothing when validation fails', async () => {
    const before = await core.dataSource.getRepository(User).count();
    await validationError(
      service.call(valid({ username: 'nopass', email: 'np@example.com', password: '' })),
    );
    expect(await core.dataSource.getRepository(User).count()).toBe(before);
  });
});
