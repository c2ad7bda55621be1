import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { accountsCommand } from './accounts.command';
import { announcementsCommand } from './announcements.command';
import { auditLogCommand } from './audit-log.command';
import { cacheCommand } from './cache.command';
import { dbCommand } from './db.command';
import { domainsCommand } from './domains.command';
import { emojiCommand } from './emoji.command';
import { feedsCommand } from './feeds.command';
import { maintenanceCommand } from './maintenance.command';
import { mediaCommand } from './media.command';
import { recommendationsCommand } from './recommendations.command';
import { rolesCommand } from './roles.command';
import { searchCommand } from './search.command';
import { settingsCommand } from './settings.command';
import { statusesCommand } from './statuses.command';
import { termsCommand } from './terms.command';
import { tokensCommand } from './tokens.command';
import { vapidCommand } from './vapid.command';

/**
 * Every top-level command, as tootctl names them where tootctl has them. A capability that
 * brings its own (domains, emoji, media, search, …) adds a `<name>.command.ts` beside these and
 * one line here; `accounts rotate` joins accounts.command.ts.
 */
export const COMMANDS: ReadonlyArray<(runtime: CliRuntime) => Command> = [
  accountsCommand,
  announcementsCommand,
  auditLogCommand,
  cacheCommand,
  dbCommand,
  domainsCommand,
  emojiCommand,
  feedsCommand,
  maintenanceCommand,
  mediaCommand,
  recommendationsCommand,
  rolesCommand,
  searchCommand,
  settingsCommand,
  statusesCommand,
  termsCommand,
  tokensCommand,
  vapidCommand,
];
