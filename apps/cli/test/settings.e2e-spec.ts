import { Setting } from '@nestodon/domain';
import { createAccessToken, createApplication } from '@nestodon/testing';
import { RunningApi, startApiBeside } from './support/running-api';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: settings registrations', () => {
  let api: RunningApi;
  let cli: CliHarness;
  let appToken: string;
  let people = 0;

  beforeAll(async () => {
    api = await startApiBeside({ env: { REGISTRATIONS_MODE: 'open' } });
    // The CLI is another process on the same database and Redis as the running api.
    cli = await startCli({ config: api.config });
    const { application } = await createApplication(api.dataSource);
    appToken = await createAccessToken(api.dataSource, { application, scopes: 'write:accounts' });
  });
  afterAll(async () => {
    await cli.close();
    await api.close();
  });

  const signUp = (fields: Record<string, string> = {}) => {
    const name = `person${++people}`;
    return api.http
      .post('/api/v1/accounts')
      .set('Authorization', `Bearer ${appToken}`)
      .set('X-Forwarded-For', `10.9.0.${people}`)
      .send({
        username: name,
        email: `${name}@example.com`,
        password: 'a long enough password',
        agreement: 'true',
        locale: 'en',
        ...fields,
      });
  };
  const registrations = async () =>
    (await api.http.get('/api/v2/instance').expect(200)).body.registrations;

  it('starts from REGISTRATIONS_MODE and follows each change without a restart', async () => {
    expect(await registrations()).toMatchObject({ enabled: true, approval_required: false });
    await signUp().expect(200);

    expect(await cli.run('settings', 'registrations', 'close')).toEqual(['OK']);
    await signUp().expect(403);
    expect(await registrations()).toMatchObject({ enabled: false, approval_required: false });
    const v1 = (await api.http.get('/api/v1/instance').expect(200)).body;
    expect(v1).toMatchObject({ registrations: false, approval_required: false });

    expect(await cli.run('settings', 'registrations', 'approved')).toEqual(['OK']);
    const reasonMissing = await signUp().expect(422);
    expect(reasonMissing.body.details.reason).toBeDefined();
    await signUp({ reason: 'I would like to join' }).expect(200);
    expect(await registrations()).toMatchObject({
      enabled: true,
      approval_required: true,
      reason_required: true,
    });

    expect(await cli.run('settings', 'registrations', 'approved', '--no-require-reason')).toEqual([
      'OK',
    ]);
    await signUp().expect(200);
    expect(await registrations()).toMatchObject({
      approval_required: true,
      reason_required: false,
    });

    expect(await cli.run('settings', 'registrations', 'open')).toEqual(['OK']);
    await signUp().expect(200);
    expect(await registrations()).toMatchObject({ enabled: true, approval_required: false });
  });

  it('stores the settings under Mastodon’s names', async () => {
    await cli.run('settings', 'registrations', 'approved', '--require-reason');
    const rows = await api.dataSource.getRepository(Setting).find({ order: { var: 'ASC' } });
    expect(rows.map(({ var: name, value }) => ({ name, value }))).toEqual([
      { name: 'registrations_mode', value: 'approved' },
      { name: 'require_invite_text', value: true },
    ]);
  });

  it('turns trends on (with or without review) and off, and the api follows', async () => {
    const value = async (name: string) =>
      (await api.dataSource.getRepository(Setting).findOneBy({ var: name }))?.value;
    expect(await cli.run('settings', 'trends', 'on', '--no-review')).toEqual(['OK']);
    expect([await value('trends'), await value('trendable_by_default')]).toEqual([true, true]);
    expect(await cli.run('settings', 'trends', 'on', '--review')).toEqual(['OK']);
    expect(await value('trendable_by_default')).toBe(false);
    expect(await cli.run('settings', 'trends', 'off')).toEqual(['OK']);
    expect(await value('trends')).toBe(false);
    expect((await api.http.get('/api/v1/trends/tags').expect(200)).body).toEqual([]);
    await cli.run('settings', 'trends', 'on');
    expect([await value('trends'), await value('trendable_by_default')]).toEqual([true, false]);
  });

  it('refuses unknown modes with exit code 1', async () => {
    await expect(cli.run('settings', 'registrations', 'sometimes')).rejects.toThrow(
      /unknown command/,
    );
    await expect(cli.run('settings', 'registrations', 'open', 'extra')).rejects.toThrow(
      /too many arguments/,
    );
  });
});
