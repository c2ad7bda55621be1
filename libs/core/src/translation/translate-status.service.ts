import { createHash } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  Account,
  MediaAttachment,
  NotPermittedError,
  Poll,
  PollRepository,
  RecordNotFoundError,
  Status,
  StatusPageRepository,
  StatusVisibility,
} from '@nestodon/domain';
import { ExpiringStore } from '@nestodon/platform';
import { statusContent } from '@nestodon/serializers';
import { StatusQueries } from '../statuses/status-queries';
import { TRANSLATION_BACKEND, TranslationBackend } from './translation-backend';
import { TranslationLanguagesQueries } from './translation-languages-queries';

/** A status translated (Mastodon's Translation entity, before rendering). */
export interface StatusTranslation {
  content: string;
  spoilerText: string;
  poll: { id: string; options: string[] } | null;
  mediaAttachments: Array<{ id: string; description: string }>;
  detectedSourceLanguage: string | null;
  language: string;
  provider: string;
}

const CACHE_MS = 24 * 3600 * 1000;

/**
 * POST /api/v1/statuses/:id/translate (Mastodon's TranslateStatusService): translates what a
 * status says (content, content warning, poll options, media descriptions) into `target`.
 * Without a configured backend the status is not found, as Mastodon answers when translation
 * is off; statuses that are neither public nor unlisted, and language pairs the backend does
 * not translate, are not permitted (403). Answers are cached for a day by content.
 */
@Injectable()
export class TranslateStatusService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly languages: TranslationLanguagesQueries,
    private readonly pages: StatusPageRepository,
    private readonly polls: PollRepository,
    private readonly cache: ExpiringStore,
    @Optional() @Inject(TRANSLATION_BACKEND) private readonly backend: TranslationBackend | null,
  ) {}

  async call(viewer: Account, statusId: string, target: string): Promise<StatusTranslation> {
    const { status: found } = await this.visibility.findVisible(statusId, viewer);
    const backend = this.backend;
    if (!backend) throw new RecordNotFoundError();
    const status = found.reblog ?? found;
    const source = status.language ?? 'und';
    const targets = (await this.languages.all())[source] ?? [];
    if (!distributable(status) || !targets.includes(target)) throw new NotPermittedError();

    const [poll, media] = await Promise.all([
      status.pollId ? this.polls.findById(status.pollId) : Promise.resolve(null),
      this.pages.media(status.orderedMediaAttachmentIds ?? []),
    ]);
    const texts = sourceTexts(status, poll, media);
    const keys = [...texts.keys()];
    const originals = keys.map((key) => texts.get(key)!);
    const cacheKey = `translations:${source}:${target}:${digest(originals)}`;
    const cached = await this.cache.get(cacheKey);
    const translated: Array<{ text: string; detectedSourceLanguage: string | null }> = cached
      ? (JSON.parse(cached) as Array<{ text: string; detectedSourceLanguage: string | null }>)
      : await backend.translate(originals, status.language, target);
    if (!cached) {
      await this.cache.set(cacheKey, JSON.stringify(translated), CACHE_MS);
    }
    const byKey = new Map(keys.map((key, index) => [key, translated[index]]));
    const text = (key: string) => byKey.get(key)?.text ?? '';
    return {
      content: text('content'),
      spoilerText: text('spoiler_text'),
      poll: poll
        ? { id: poll.id, options: poll.options.map((_, index) => text(`poll.${index}`)) }
        : null,
      mediaAttachments: media
        .filter((attachment) => byKey.has(`media.${attachment.id}`))
        .map((attachment) => ({ id: attachment.id, description: text(`media.${attachment.id}`) })),
      detectedSourceLanguage: translated[0]?.detectedSourceLanguage ?? status.language,
      language: target,
      provider: backend.provider,
    };
  }
}

const distributable = (status: Status) =>
  status.visibility === StatusVisibility.Public || status.visibility === StatusVisibility.Unlisted;

/** What is translated, keyed: the content first, then what is not blank of the rest. */
function sourceTexts(
  status: Status,
  poll: Poll | null,
  media: MediaAttachment[],
): Map<string, string> {
  const texts = new Map<string, string>([['content', statusContent(status)]]);
  if (status.spoilerText.trim() !== '') texts.set('spoiler_text', status.spoilerText);
  poll?.options.forEach((option, index) => texts.set(`poll.${index}`, option));
  for (const attachment of media) {
    if (attachment.description?.trim()) texts.set(`media.${attachment.id}`, attachment.description);
  }
  return texts;
}

const digest = (texts: string[]) =>
  createHash('sha256').update(JSON.stringify(texts)).digest('hex');
