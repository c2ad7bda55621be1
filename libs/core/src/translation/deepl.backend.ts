import {
  requestJson,
  TranslatedText,
  TranslationBackend,
  TranslationUnavailableError,
  UNAVAILABLE,
} from './translation-backend';

/** The API of each DeepL plan. */
export const DEEPL_API_URLS = {
  free: 'https://api-free.deepl.com',
  pro: 'https://api.deepl.com',
} as const;

/** DeepL (`DEEPL_API_KEY`, `DEEPL_PLAN`), as Mastodon speaks to it; codes lower case. */
export class DeepLBackend implements TranslationBackend {
  readonly provider = 'DeepL.com';

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
  ) {}

  private get headers(): Record<string, string> {
    return { Authorization: `DeepL-Auth-Key ${this.apiKey}`, Accept: 'application/json' };
  }

  async translate(
    texts: string[],
    source: string | null,
    target: string,
  ): Promise<TranslatedText[]> {
    const json = (await requestJson(`${this.baseUrl}/v2/translate`, {
      method: 'POST',
      headers: { ...this.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        text: texts,
        source_lang: source ? source.toUpperCase() : undefined,
        target_lang: target.toUpperCase(),
        tag_handling: 'html',
      }),
    })) as { translations?: Array<{ text?: string; detected_source_language?: string }> };
    const translations = json?.translations;
    if (!Array.isArray(translations) || translations.length !== texts.length) {
      throw new TranslationUnavailableError(UNAVAILABLE, 'unexpected DeepL answer');
    }
    return translations.map((translation) => ({
      text: String(translation.text ?? ''),
      detectedSourceLanguage: translation.detected_source_language?.toLowerCase() ?? source,
    }));
  }

  async languages(): Promise<Record<string, string[]>> {
    const [sources, targets] = await Promise.all([
      this.fetchLanguages('source'),
      this.fetchLanguages('target'),
    ]);
    const languages: Record<string, string[]> = {};
    for (const source of ['und', ...sources]) {
      languages[source] = targets.filter((target) => target !== source);
    }
    return languages;
  }

  private async fetchLanguages(type: 'source' | 'target'): Promise<string[]> {
    const list = (await requestJson(`${this.baseUrl}/v2/languages?type=${type}`, {
      headers: this.headers,
    })) as Array<{ language?: string }>;
    if (!Array.isArray(list)) {
      throw new TranslationUnavailableError(UNAVAILABLE, 'unexpected DeepL answer');
    }
    return list.flatMap((entry) => (entry.language ? [entry.language.toLowerCase()] : []));
  }
}
