import { Inject, Injectable, Optional } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';
import { TRANSLATION_BACKEND, TranslationBackend } from './translation-backend';

const CACHE_KEY = 'translation_service:languages';
const CACHE_MS = 24 * 3600 * 1000;

/**
 * Which languages translate into which (GET /api/v1/instance/translation_languages): `{}` when
 * translation is off, else the backend's answer, cached for a day as Mastodon caches it.
 */
@Injectable()
export class TranslationLanguagesQueries {
  constructor(
    private readonly cache: ExpiringStore,
    @Optional() @Inject(TRANSLATION_BACKEND) private readonly backend: TranslationBackend | null,
  ) {}

  async all(): Promise<Record<string, string[]>> {
    if (!this.backend) return {};
    const cached = await this.cache.get(CACHE_KEY);
    if (cached) return JSON.parse(cached) as Record<string, string[]>;
    const languages = await this.backend.languages();
    await this.cache.set(CACHE_KEY, JSON.stringify(languages), CACHE_MS);
    return languages;
  }
}
