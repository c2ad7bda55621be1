import {
  requestJson,
  TranslatedText,
  TranslationBackend,
  TranslationUnavailableError,
  UNAVAILABLE,
} from './translation-backend';

interface LibreLanguage {
  code: string;
  targets?: string[];
}

/** LibreTranslate (`LIBRE_TRANSLATE_ENDPOINT`), as Mastodon speaks to it. */
export class LibreTranslateBackend implements TranslationBackend {
  readonly provider = 'LibreTranslate';

  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string | null,
  ) {}

  async translate(
    texts: string[],
    source: string | null,
    target: string,
  ): Promise<TranslatedText[]> {
    const json = await requestJson(`${this.endpoint}/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        q: texts,
        source: source ?? 'auto',
        target,
        format: 'html',
        api_key: this.apiKey ?? undefined,
      }),
    });
    const answer = json as {
      translatedText?: unknown;
      detectedLanguage?: Array<{ language?: string }> | { language?: string };
    };
    const translated = Array.isArray(answer?.translatedText) ? answer.translatedText : null;
    if (!translated || translated.length !== texts.length) {
      throw new TranslationUnavailableError(UNAVAILABLE, 'unexpected LibreTranslate answer');
    }
    return translated.map((text, index) => {
      const detected = Array.isArray(answer.detectedLanguage)
        ? answer.detectedLanguage[index]?.language
        : answer.detectedLanguage?.language;
      return { text: String(text), detectedSourceLanguage: detected ?? source };
    });
  }

  async languages(): Promise<Record<string, string[]>> {
    const list = (await requestJson(`${this.endpoint}/languages`, {
      headers: { Accept: 'application/json' },
    })) as LibreLanguage[];
    if (!Array.isArray(list)) {
      throw new TranslationUnavailableError(UNAVAILABLE, 'unexpected LibreTranslate answer');
    }
    const languages: Record<string, string[]> = {};
    for (const language of list) {
      languages[language.code] = (language.targets ?? []).filter((code) => code !== language.code);
    }
    // Detecting the language: any target.
    languages.und = [...new Set(Object.values(languages).flat())].sort();
    return languages;
  }
}
