import {
  AnnouncementAttributes,
  ChangeAnnouncementPublicationService,
  CreateAnnouncementService,
  DeleteAnnouncementService,
  UpdateAnnouncementService,
} from '@nestodon/core';
import { AnnouncementRepository } from '@nestodon/domain';
import { Command, InvalidArgumentError } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { dateOption, idOption } from './option-parsers';

interface AnnouncementOptions {
  text?: string;
  startsAt?: Date;
  endsAt?: Date;
  allDay?: boolean;
  scheduledAt?: Date;
  status?: string[];
}

const id = (value: string) => {
  if (!/^\d{1,19}$/.test(value)) throw new InvalidArgumentError('Not an id.');
  return value;
};

/** The options both create and update take. */
function withAnnouncementOptions(command: Command): Command {
  return command
    .option('--starts-at <time>', 'when the announced event starts (ISO 8601)', dateOption)
    .option('--ends-at <time>', 'when it ends (with --starts-at)', dateOption)
    .option('--all-day', 'the event lasts whole days (dates only are shown)')
    .option('--no-all-day', 'the event has times')
    .option('--scheduled-at <time>', 'publish at this time instead of now (ISO 8601)', dateOption)
    .option('--status <id>', 'a public status to link (repeatable)', idOption);
}

const attributes = (options: AnnouncementOptions): AnnouncementAttributes => ({
  text: options.text,
  startsAt: options.startsAt,
  endsAt: options.endsAt,
  allDay: options.allDay,
  scheduledAt: options.scheduledAt,
  statusIds: options.status,
});

/**
 * `announcements create|update|publish|unpublish|delete|list`: staff announcements shown to every
 * local user, until an admin interface manages them.
 */
export function announcementsCommand(runtime: CliRuntime): Command {
  const announcements = new Command('announcements').description(
    'announcements shown to every local user',
  );

  withAnnouncementOptions(
    announcements
      .command('create')
      .argument('<text>', 'the announcement (mentions, hashtags, links and :emoji: are rendered)')
      .description('create an announcement, published at once unless --scheduled-at is later'),
  ).action((text: string, options: AnnouncementOptions) =>
    runtime.withContext(async (app) => {
      const created = await app
        .get(CreateAnnouncementService)
        .call(attributes({ ...options, text }));
      runtime.print(created.id);
    }),
  );

  withAnnouncementOptions(
    announcements
      .command('update')
      .argument('<id>', 'the announcement', id)
      .option('--text <text>', 'the new text')
      .description('change an announcement (a published one is shown again to clients)'),
  ).action((announcementId: string, options: AnnouncementOptions) =>
    runtime.withContext(async (app) => {
      await app.get(UpdateAnnouncementService).call(announcementId, attributes(options));
      runtime.print('OK');
    }),
  );

  for (const [name, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    announcements
      .command(name)
      .argument('<id>', 'the announcement', id)
      .description(publish ? 'publish an announcement now' : 'take an announcement back')
      .action((announcementId: string) =>
        runtime.withContext(async (app) => {
          await app.get(ChangeAnnouncementPublicationService).call(announcementId, publish);
          runtime.print('OK');
        }),
      );
  }

  announcements
    .command('delete')
    .argument('<id>', 'the announcement', id)
    .description('delete an announcement with its reactions')
    .action((announcementId: string) =>
      runtime.withContext(async (app) => {
        await app.get(DeleteAnnouncementService).call(announcementId);
        runtime.print('OK');
      }),
    );

  announcements
    .command('list')
    .description('every announcement, newest first: id, state, dates, text')
    .action(() =>
      runtime.withContext(async (app) => {
        for (const row of await app.get(AnnouncementRepository).all()) {
          const state = row.published
            ? `published ${row.publishedAt?.toISOString() ?? ''}`
            : row.scheduledAt
              ? `scheduled ${row.scheduledAt.toISOString()}`
              : 'unpublished';
          runtime.print(`${row.id}\t${state}\t${row.text.replace(/\s+/g, ' ')}`);
        }
      }),
    );

  return announcements;
}
