import { AuditLogQueries } from '@nestodon/core';
import { Command, InvalidArgumentError } from 'commander';
import { CliRuntime } from '../cli-runtime';

const limitOption = (value: string) => {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new InvalidArgumentError('must be a whole number from 1 to 1000');
  }
  return Number(value);
};

/**
 * `audit-log list [--limit N]`: what staff did, newest first, one line each: when, who
 * (`(cli)` for this tool), the action and what it was done to. Mastodon shows it only in its
 * admin pages.
 */
export function auditLogCommand(runtime: CliRuntime): Command {
  const auditLog = new Command('audit-log').description('the staff audit log');

  auditLog
    .command('list')
    .description('the latest staff actions, newest first')
    .option('--limit <n>', 'how many entries', limitOption, 20)
    .action((options: { limit: number }) =>
      runtime.withContext(async (app) => {
        for (const entry of await app.get(AuditLogQueries).latest(options.limit)) {
          const who = entry.actor ? `@${entry.actor}` : '(cli)';
          const target = [
            entry.targetType,
            entry.humanIdentifier,
            entry.targetId && `#${entry.targetId}`,
          ]
            .filter(Boolean)
            .join(' ');
          runtime.print([entry.createdAt.toISOString(), who, entry.action, target].join('\t'));
        }
      }),
    );

  return auditLog;
}
