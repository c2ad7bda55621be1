import { Injectable } from '@nestjs/common';
import { CustomEmojiRepository, RemoteEmojiFields } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';

/** Mastodon's shortcode: two or more letters, digits or underscores. */
const SHORTCODE = /^[a-zA-Z0-9_]{2,64}$/;
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The custom emojis a remote status or profile tags (Mastodon's process_emoji): kept as
 * emojis of the author's server, shown where its texts use their shortcodes and never in this
 * server's picker; the worker copies the images of new and changed ones. Nothing is kept from
 * a server whose media are rejected here.
 */
@Injectable()
export class StoreRemoteEmojisService {
  constructor(
    private readonly emojis: CustomEmojiRepository,
    private readonly domainModeration: DomainModerationQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(domain: string, emojis: RemoteEmojiFields[]): Promise<void> {
    const usable = new Map<string, RemoteEmojiFields>();
    for (const emoji of emojis) {
      if (SHORTCODE.test(emoji.shortcode) && isWebUrl(emoji.imageRemoteUrl)) {
        usable.set(emoji.shortcode, emoji);
      }
    }
    if (usable.size === 0) return;
    if ((await this.domainModeration.verdictFor(domain)).rejectMedia) return;
    const changed = await this.emojis.upsertRemote(domain, [...usable.values()]);
    await this.jobs.enqueueMany(
      JobName.CacheRemoteEmoji,
      changed.map((customEmojiId) => ({ customEmojiId })),
    );
  }
}
