import { DomainError } from '@nestodon/domain';

/** One translated text. */
export interface TranslatedText {
  text: string;
  /** The language the backend found, else the one asked for. */
  detectedSourceLanguage: string | null;
}

/**
 * A machine translation service (Mastodon's TranslationService): translates HTML texts, and
 * lists which languages translate into which. `und` is the key of "detect the language".
 */
export interface TranslationBackend {
  /** The name a Translation shows as `provider`. */
  readonly provider: string;
  translate(texts: string[], source: string | null, target: string): Promise<TranslatedText[]>;
  languages(): Promise<Record<string, string[]>>;
}

/** The configured backend, or null when translation is off. */
export const TRANSLATION_BACKEND = Symbol('TRANSLATION_BACKEND');

/** What clients are told when the backend fails or answers nonsense, as Mastodon says it. */
export const UNAVAILABLE = 'Service Unavailable';

/** The backend failed, refused (quota, rate limit) or answered something unreadable: a 503. */
export class TranslationUnavailableError extends DomainError {
  /** `detail` says what went wrong, for the logs. */
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Answers larger than this are refused (the backends' answers are small JSON documents). */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

/** A JSON request to a translation service, its answer parsed; failures become the 503. */
export async function requestJson(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new TranslationUnavailableError(UNAVAILABLE, String(error));
  }
  if (response.status === 429) {
    throw new TranslationUnavailableError('Too many requests were made to the translation service');
  }
  if (response.status === 456 || response.status === 403) {
    throw new TranslationUnavailableError('The translation service quota is exhausted');
  }
  if (!response.ok) {
    throw new TranslationUnavailableError(UNAVAILABLE, `answered ${response.status}`);
  }
  const body = await response.text();
  if (body.length > MAX_RESPONSE_BYTES) {
    throw new TranslationUnavailableError(UNAVAILABLE, 'answered too much');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new TranslationUnavailableError(UNAVAILABLE, 'answered no JSON');
  }
}
