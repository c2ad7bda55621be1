import { TermsOfServiceRepository } from '@nestodon/domain';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: terms', () => {
  let cli: CliHarness;
  let folder: string;

  beforeAll(async () => {
    cli = await startCli();
    folder = await mkdtemp(join(tmpdir(), 'nestodon-terms-'));
  });
  afterAll(async () => {
    await cli.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('publishes a version of the terms of service from an HTML file', async () => {
    const file = join(folder, 'terms.html');
    await writeFile(file, '<p>Be nice.</p>');
    const [id] = await cli.run('terms', 'publish', file, '--effective-date', '2030-01-01');
    expect(id).toMatch(/^\d+$/);
    expect(await cli.app.get(TermsOfServiceRepository).publishedOn('2030-01-01')).toMatchObject({
      id,
      text: '<p>Be nice.</p>',
      effectiveDate: '2030-01-01',
    });
    await expect(
      cli.run('terms', 'publish', file, '--effective-date', '2030-01-01'),
    ).rejects.toThrow('Effective date has already been taken');
    await expect(cli.run('terms', 'publish', file, '--effective-date', 'soon')).rejects.toThrow(
      'Effective date is invalid',
    );
    await expect(cli.run('terms', 'publish', file)).rejects.toThrow();
  });
});
