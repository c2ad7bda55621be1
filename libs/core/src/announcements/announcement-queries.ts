import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Announcement,
  AnnouncementRepository,
  CustomEmojiRepository,
  RecordNotFoundError,
} from '@nestodon/domain';
import { AnnouncementJson, serializeAnnouncement } from '@nestodon/serializers';
import { extractEmojiShortcodes } from '@nestodon/text';
import { StatusTextProcessor } from '../statuses/status-text.processor';

/** Reads of announcements as clients see them. */
@Injectable()
export class AnnouncementQueries {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly announcements: AnnouncementRepository,
    private readonly emojis: CustomEmojiRepository,
    private readonly texts: StatusTextProcessor,
  ) {}

  /**
   * Published announcements, oldest first, each with `read` for the viewer. All of them, as
   * Mastodon lists them now; `with_dismissed=false` leaves out dismissed ones, as it once did.
   */
  async list(viewerId: string, withDismissed = true): Promise<AnnouncementJson[]> {
    const rows = await this.announcements.published(withDismissed ? undefined : viewerId);
    return this.present(rows, viewerId);
  }

  /** A published announcement, or 404. */
  async published(id: string): Promise<Announcement> {
    const announcement = /^\d{1,19}$/.test(id) ? await this.announcements.findPublished(id) : null;
    if (!announcement) throw new RecordNotFoundError();
    return announcement;
  }

  /**
   * Renders announcements in a fixed number of queries; without a viewer (streaming) there is
   * no `read` and no `me`.
   */
  async present(rows: Announcement[], viewerId: string | null): Promise<AnnouncementJson[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [texts, statuses, emojis, reactions, dismissed] = await Promise.all([
      this.texts.processMany(rows.map((row) => row.text)),
      this.announcements.linkableStatuses(rows.flatMap((row) => row.statusIds ?? [])),
      this.emojis.findLocalEnabled(rows.flatMap((row) => extractEmojiShortcodes(row.text))),
      this.announcements.reactions(ids, viewerId),
      viewerId ? this.announcements.dismissedIds(viewerId, ids) : null,
    ]);
    const reactionEmojis = await this.emojis.findByIds(
      reactions.flatMap((reaction) => (reaction.customEmojiId ? [reaction.customEmojiId] : [])),
    );
    const emojiByCode = new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
    const statusById = new Map(statuses.map((status) => [status.id, status]));
    const reactionEmojiById = new Map(reactionEmojis.map((emoji) => [emoji.id, emoji]));
    return rows.map((announcement, index) =>
      serializeAnnouncement(
        {
          announcement,
          content: texts[index].html,
          mentioned: texts[index].mentioned,
          hashtags: texts[index].hashtags,
          statuses: (announcement.statusIds ?? []).flatMap((id) => statusById.get(id) ?? []),
          emojis: extractEmojiShortcodes(announcement.text).flatMap(
            (code) => emojiByCode.get(code) ?? [],
          ),
          reactions: reactions.filter((reaction) => reaction.announcementId === announcement.id),
          reactionEmojis: reactionEmojiById,
          read: dismissed ? dismissed.has(announcement.id) : undefined,
        },
        this.config,
      ),
    );
  }
}
