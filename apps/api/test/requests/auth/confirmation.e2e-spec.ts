import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuthApplication, User, userState } from '@nestodon/domain';
import {
  createAccessToken,
  createApplication,
  parseMail,
  SmtpSink,
  startSmtpSink,
} from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { startProbeApi } from '../../support/probe-api';

let ipCounter = 0;
let nameCounter = 0;

async function signUp(api: ApiHarness, application: OAuthApplication, username?: string) {
  const appToken = await createAccessToken(api.dataSource, {
    application,
    scopes: 'write:accounts',
  });
  const name = username ?? `joiner${++nameCounter}`;
  const res = await api.http
    .post('/api/v1/accounts')
    .set('Authorization', `Bearer ${appToken}`)
    .set('X-Forwarded-For', `10.1.0.${++ipCounter}`)
    .send({
      username: name,
      email: `${name}@example.com`,
      password: 'a long enough password',
      agreement: 'true',
      locale: 'en',
    })
    .expect(200);
  return { token: res.body.access_token as string, email: `${name}@example.com`, username: name };
}

/** The confirmation link of a mail, found in its decoded plain-text part. */
function confirmationLink(raw: string): URL {
  const mail = parseMail(raw);
  expect(mail.html).toContain('/auth/confirmation?confirmation_token=');
  const match = /https:\/\/nestodon\.test\/auth\/confirmation\?confirmation_token=[\w-]+/.exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no confirmation link in:\n${mail.text}`);
  return new URL(match[0]);
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('e-mail confirmation through SMTP', () => {
  let smtp: SmtpSink;
  let api: ApiHarness;
  let redirectingApp: OAuthApplication;
  let oobApp: OAuthApplication;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startProbeApi({
      inlineJobs: true,
      env: {
        SMTP_SERVER: smtp.host,
        SMTP_PORT: String(smtp.port),
        SMTP_FROM_ADDRESS: 'Nestodon <notifications@nestodon.test>',
        INSTANCE_TITLE: 'Test Social',
      },
    });
    redirectingApp = (
      await createApplication(api.dataSource, {
        redirectUri: 'https://client.example/welcome\nhttps://client.example/other',
      })
    ).application;
    oobApp = (await createApplication(api.dataSource)).application;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const user = (username: string) =>
    api.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .innerJoin('accounts', 'a', 'a.id = u.account_id')
      .where('a.username = :username', { username })
      .getOneOrFail();

  it('mails a link that confirms the user and sends them back to the app', async () => {
    const { token, email, username } = await signUp(api, redirectingApp);
    await api.http
      .get('/test/probe/me')
      .set('Authorization', `Bearer ${token}`)
      .expect(403, { error: 'Your login is missing a confirmed e-mail address' });

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const parsed = parseMail(mail.raw);
    expect(parsed.headers.from).toContain('notifications@nestodon.test');
    expect(parsed.headers.to).toContain(email);
    expect(parsed.headers.subject).toBe('Confirm your e-mail address on Test Social');
    expect(parsed.text).toContain(`Hello @${username},`);
    expect(parsed.html).not.toMatch(/<(img|script|link)\b/i);

    const link = confirmationLink(mail.raw);
    const stored = await api.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.confirmationTokenDigest')
      .where('u.email = :email', { email })
      .getOneOrFail();
    // Only a digest is stored, never the token of the link.
    expect(stored.confirmationTokenDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.confirmationTokenDigest).not.toBe(link.searchParams.get('confirmation_token'));
    expect(stored.confirmationSentAt).not.toBeNull();

    const res = await api.http.get(pathOf(link)).expect(302);
    expect(res.headers.location).toBe('https://client.example/welcome');

    const confirmed = await user(username);
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(userState(confirmed)).toBe('functional');
    await api.http.get('/test/probe/me').set('Authorization', `Bearer ${token}`).expect(200);
    await api.http
      .get('/api/v1/emails/check_confirmation')
      .set('Authorization', `Bearer ${token}`)
      .expect('Content-Type', /application\/json/)
      .expect(200, 'true');

    // The link works once.
    const again = await api.http.get(pathOf(link)).expect(404);
    expect(again.headers['content-type']).toMatch(/text\/html/);
  });

  it('shows a page instead of redirecting for out-of-band apps', async () => {
    const { email } = await signUp(api, oobApp);
    const link = confirmationLink((await smtp.waitFor((m) => m.to.includes(email))).raw);
    const res = await api.http.get(pathOf(link)).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Your e-mail address has been confirmed.');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sends a new link to a corrected address, which becomes the login address', async () => {
    const { token, email, username } = await signUp(api, oobApp);
    const firstLink = confirmationLink((await smtp.waitFor((m) => m.to.includes(email))).raw);

    await api.http
      .post('/api/v1/emails/confirmations')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'Corrected@Example.com' })
      .expect(200, {});
    const pending = await user(username);
    expect(pending).toMatchObject({ email, unconfirmedEmail: 'corrected@example.com' });

    const mail = await smtp.waitFor((m) => m.to.includes('corrected@example.com'));
    const secondLink = confirmationLink(mail.raw);
    // A newer mail replaces the older link.
    await api.http.get(pathOf(firstLink)).expect(404);
    await api.http.get(pathOf(secondLink)).expect(200);
    const done = await user(username);
    expect(done).toMatchObject({ email: 'corrected@example.com', unconfirmedEmail: null });
    expect(done.confirmedAt).not.toBeNull();
  });

  it('answers invalid, missing and expired links with an HTML page, not a 500', async () => {
    const invalid = await api.http
      .get('/auth/confirmation?confirmation_token=nonsense')
      .expect(404);
    expect(invalid.text).toContain('This confirmation link is not valid');
    await api.http.get('/auth/confirmation').expect(404);
    await api.http
      .get('/auth/confirmation?confirmation_token[]=a&confirmation_token[]=b')
      .expect(404);

    const { email } = await signUp(api, oobApp);
    const link = confirmationLink((await smtp.waitFor((m) => m.to.includes(email))).raw);
    await api.dataSource
      .getRepository(User)
      .update({ email }, { confirmationSentAt: new Date(Date.now() - 4 * 24 * 3600 * 1000) });
    const expired = await api.http.get(pathOf(link)).expect(422);
    expect(expired.headers['content-type']).toMatch(/text\/html/);
    expect(expired.text).toContain('expired');
    expect(
      (await api.dataSource.getRepository(User).findOneByOrFail({ email })).confirmedAt,
    ).toBeNull();
  });
});

describe('e-mail confirmation without SMTP (mail folder)', () => {
  let api: ApiHarness;
  let directory: string;

  beforeAll(async () => {
    directory = join(await mkdtemp(join(tmpdir(), 'nestodon-mail-')), 'nested', 'mail');
    api = await startProbeApi({ inlineJobs: true, env: { MAIL_DIR: directory } });
  });
  afterAll(async () => {
    await api.close();
    await rm(join(directory, '..', '..'), { recursive: true, force: true });
  });

  it('writes the mail as an .eml file whose link works', async () => {
    const { application } = await createApplication(api.dataSource);
    const { email, token } = await signUp(api, application);
    const files = await readdir(directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(join(directory, files[0]), 'utf8');
    expect(parseMail(raw).headers.to).toContain(email);
    await api.http.get(pathOf(confirmationLink(raw))).expect(200);
    await api.http.get('/test/probe/me').set('Authorization', `Bearer ${token}`).expect(200);
  });
});
