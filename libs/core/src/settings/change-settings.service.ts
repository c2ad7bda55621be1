import { Injectable } from '@nestjs/common';
import { SettingRepository, ValidationError } from '@nestodon/domain';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';
import { isValidSetting, RuntimeSettings, SETTING_NAMES } from './runtime-settings';
import { SettingsQueries } from './settings-queries';

/**
 * Changes runtime settings (`settings registrations open|approved|close` of the CLI): stores
 * them and announces the change, so every api and worker process reads the new values at once.
 */
@Injectable()
export class ChangeSettingsService {
  constructor(
    private readonly settings: SettingRepository,
    private readonly queries: SettingsQueries,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(changes: Partial<RuntimeSettings>): Promise<RuntimeSettings> {
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes) as Array<[keyof RuntimeSettings, unknown]>) {
      if (value === undefined) continue;
      if (!isValidSetting(key, value)) {
        throw new ValidationError(`${SETTING_NAMES[key]} cannot be ${JSON.stringify(value)}`);
      }
      stored[SETTING_NAMES[key]] = value;
    }
    await this.settings.save(stored);
    await this.invalidator.announce(CacheTopic.Settings);
    return this.queries.current();
  }
}
