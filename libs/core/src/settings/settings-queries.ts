import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RegistrationMode } from '@nestodon/config';
import { SettingRepository } from '@nestodon/domain';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';
import { defaultSettings, mergeSettings, RuntimeSettings, SETTING_NAMES } from './runtime-settings';

/**
 * A change is announced over Redis and drops the cached copy at once; the time limit only
 * bounds how long a lost announcement could leave a process behind.
 */
const CACHE_MS = 60_000;

/**
 * The runtime settings as this process sees them: read from PostgreSQL and cached until a
 * process announces a change (ChangeSettingsService). While announcements cannot reach this
 * process, nothing is cached, so no change is missed.
 */
@Injectable()
export class SettingsQueries {
  private cached?: { value: Promise<RuntimeSettings>; expiresAt: number };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingRepository,
    private readonly invalidator: CacheInvalidator,
  ) {
    invalidator.onInvalidate(CacheTopic.Settings, () => (this.cached = undefined));
  }

  current(): Promise<RuntimeSettings> {
    if (!this.invalidator.listening) return this.load();
    if (!this.cached || this.cached.expiresAt <= Date.now()) {
      const entry = { value: this.load(), expiresAt: Date.now() + CACHE_MS };
      entry.value.catch(() => (entry.expiresAt = 0)); // a failed read is not cached
      this.cached = entry;
    }
    return this.cached.value;
  }

  async registrationsMode(): Promise<RegistrationMode> {
    return (await this.current()).registrationsMode;
  }

  private async load(): Promise<RuntimeSettings> {
    const stored = await this.settings.values(Object.values(SETTING_NAMES));
    return mergeSettings(defaultSettings(this.config), stored);
  }
}
