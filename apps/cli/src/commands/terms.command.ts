import { PublishTermsOfServiceService } from '@nestodon/core';
import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { CliRuntime } from '../cli-runtime';

/** `terms publish FILE --effective-date YYYY-MM-DD`: a new version of the terms of service. */
export function termsCommand(runtime: CliRuntime): Command {
  const terms = new Command('terms').description('the terms of service');

  terms
    .command('publish')
    .argument('<file>', 'the terms as HTML')
    .requiredOption('--effective-date <date>', 'the day they take effect (YYYY-MM-DD)')
    .option('--changelog <text>', 'what changed since the previous version')
    .description('publish a new version of the terms of service')
    .action((file: string, options: { effectiveDate: string; changelog?: string }) =>
      runtime.withContext(async (app) => {
        const text = await readFile(file, 'utf8');
        const published = await app
          .get(PublishTermsOfServiceService)
          .call({ text, effectiveDate: options.effectiveDate, changelog: options.changelog });
        runtime.print(published.id);
      }),
    );

  return terms;
}
