import { digestToken } from '@nestodon/access';
import { appRedirectUri, ConfirmEmailService, SendConfirmationEmailService } from '@nestodon/core';
import { RecordNotFoundError, User, ValidationError } from '@nestodon/domain';
import { createApplication, createLocalAccount, parseMail } from '@nestodon/testing';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreContext, startCore } from '../support/core-context';

describe('confirmation services', () => {
  let core: CoreContext;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'nestodon-mail-'));
    // Registrations open: a user left pending is approved when they confirm.
    core = await startCore({ env: { MAIL_DIR: directory, REGISTRATIONS_MODE: 'open' } });
  });
  afterAll(async () => {
    await core.close();
    await rm(directory, { recursive: true, force: true });
  });

  const tokenFrom = async (file: string) => {
    const { text } = parseMail(await readFile(file, 'utf8'));
    return /confirmation_token=([\w-]+)/.exec(text ?? '')![1];
  };

  it('sends nothing to users with nothing to confirm', async () => {
    const { user } = await createLocalAccount(core.dataSource);
    expect(await core.app.get(SendConfirmationEmailService).call(user.id)).toBeNull();
    expect(await core.app.get(SendConfirmationEmailService).call('987654321')).toBeNull();
  });

  it('confirms with the mailed token once, approving when registrations are open', async () => {
    const { user } = await createLocalAccount(
      core.dataSource,
      {},
      { confirmedAt: null, approved: false },
    );
    const sent = await core.app.get(SendConfirmationEmailService).call(user.id);
    const token = await tokenFrom(sent!.file!);
    const stored = await core.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.confirmationTokenDigest')
      .where('u.id = :id', { id: user.id })
      .getOneOrFail();
    expect(stored.confirmationTokenDigest).toBe(digestToken(token));

    const confirm = core.app.get(ConfirmEmailService);
    const result = await confirm.call(token);
    expect(result.redirectUri).toBeNull();
    expect(result.user.confirmedAt).toBeInstanceOf(Date);
    const reloaded = await core.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(reloaded.approved).toBe(true);
    expect(reloaded.confirmedAt).not.toBeNull();
    await expect(confirm.call(token)).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it('refuses expired tokens', async () => {
    const { user } = await createLocalAccount(core.dataSource, {}, { confirmedAt: null });
    const sent = await core.app.get(SendConfirmationEmailService).call(user.id);
    const token = await tokenFrom(sent!.file!);
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000 + 60_000);
    await expect(core.app.get(ConfirmEmailService).call(token, later)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('redirects to the first registered URI unless it is out-of-band or unsafe', async () => {
    const { application } = await createApplication(core.dataSource, {
      redirectUri: 'myapp://signed-up\nhttps://app.example/cb',
    });
    expect(appRedirectUri(application)).toBe('myapp://signed-up');
    expect(appRedirectUri({ redirectUri: 'urn:ietf:wg:oauth:2.0:oob' })).toBeNull();
    expect(appRedirectUri({ redirectUri: 'javascript:alert(1)' })).toBeNull();
    expect(appRedirectUri({ redirectUri: 'not a uri' })).toBeNull();
  });
});
