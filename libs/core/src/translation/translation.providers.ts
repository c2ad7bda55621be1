import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { DeepLBackend, DEEPL_API_URLS } from './deepl.backend';
import { LibreTranslateBackend } from './libre-translate.backend';
import { TranslateStatusService } from './translate-status.service';
import { TRANSLATION_BACKEND, TranslationBackend } from './translation-backend';
import { TranslationLanguagesQueries } from './translation-languages-queries';

/** The backend the configuration names, or null (translation off). */
export function translationBackend(config: AppConfig): TranslationBackend | null {
  const translation = config.translation;
  if (!translation) return null;
  if (translation.backend === 'deepl') {
    return new DeepLBackend(translation.apiKey, DEEPL_API_URLS[translation.plan]);
  }
  return new LibreTranslateBackend(translation.endpoint, translation.apiKey);
}

/** The translation feature's providers, registered by CoreModule. */
export const TRANSLATION_PROVIDERS: Provider[] = [
  { provide: TRANSLATION_BACKEND, useFactory: translationBackend, inject: [APP_CONFIG] },
  TranslateStatusService,
  TranslationLanguagesQueries,
];
