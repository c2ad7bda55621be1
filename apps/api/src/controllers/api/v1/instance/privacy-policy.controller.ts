import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { escapeHtml } from '@nestodon/text';

// Configuration is read at boot, so the process start time is when a configured text changed.
const LOADED_AT = new Date().toISOString();
/** When the built-in text below last changed. */
const BUILT_IN_UPDATED_AT = '2026-11-24T00:00:00.000Z';

/** The policy a server without its own states: what this software keeps and shows. */
function builtInPolicy(domain: string): string {
  const server = escapeHtml(domain);
  return [
    `<h1>Privacy policy of ${server}</h1>`,
    '<h2>What we keep</h2>',
    '<p>Your account: username, e-mail address, password (hashed), profile texts and images. ' +
      'What you post, with its media and the time it was posted. Who you follow, block and ' +
      'mute. Server logs may hold the addresses requests came from.</p>',
    '<h2>Who sees it</h2>',
    '<p>Public and unlisted posts and your profile are public; followers-only posts go to your ' +
      'followers, direct posts to the people mentioned, on this server and the servers they ' +
      'use. Servers that receive a post keep a copy: deleting it here asks them to delete theirs ' +
      'too, which they may not do. Administrators of this server can read everything stored ' +
      'on it.</p>',
    '<h2>How long</h2>',
    '<p>Posts and media stay until you delete them or your account.</p>',
    `<h2>Contact</h2><p>Ask the administrators of ${server} about anything on this page.</p>`,
  ].join('\n');
}

/** GET /api/v1/instance/privacy_policy: `{updated_at, content}` (HTML). */
@Controller('api/v1/instance/privacy_policy')
export class InstancePrivacyPolicyController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  show(): { updated_at: string; content: string } {
    const { privacyPolicy, localDomain } = this.config.instance;
    return privacyPolicy
      ? { updated_at: LOADED_AT, content: privacyPolicy }
      : { updated_at: BUILT_IN_UPDATED_AT, content: builtInPolicy(localDomain) };
  }
}
