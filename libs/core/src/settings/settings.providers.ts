import { Provider } from '@nestjs/common';
import { ChangeSettingsService } from './change-settings.service';
import { SettingsQueries } from './settings-queries';

/** The settings feature's providers, registered by CoreModule. */
export const SETTINGS_PROVIDERS: Provider[] = [SettingsQueries, ChangeSettingsService];
