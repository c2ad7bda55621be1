import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { CustomEmojiRepository, Status, StatusEdit, StatusPageRepository } from '@nestodon/domain';
import { extractEmojiShortcodes } from '@nestodon/text';
import { AccountJson, AccountPresenter, CustomEmojiJson } from './account.serializer';
import { serializeCustomEmoji } from './custom-emoji.serializer';
import { MediaAttachmentJson, serializeMediaAttachment } from './media-attachment.serializer';
import { statusContent } from './status.serializer';

/** Mastodon's StatusEdit entity (one version of a status). */
export interface StatusEditJson {
  content: string;
  spoiler_text: string;
  sensitive: boolean;
  created_at: string;
  account: AccountJson;
  poll?: { options: Array<{ title: string }> };
  media_attachments: MediaAttachmentJson[];
  emojis: CustomEmojiJson[];
}

/** A version to render: a stored edit, or the status itself when it was never edited. */
type Version = Pick<
  StatusEdit,
  'text' | 'contentHtml' | 'spoilerText' | 'sensitive' | 'orderedMediaAttachmentIds' | 'createdAt'
> & { pollOptions: string[] | null; mediaDescriptions: Array<string | null> | null };

/** Renders the edit history of one status (GET /api/v1/statuses/:id/history). */
@Injectable()
export class StatusEditPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pages: StatusPageRepository,
    private readonly emojis: CustomEmojiRepository,
    private readonly accountPresenter: AccountPresenter,
  ) {}

  /**
   * Every version, oldest first. `status` needs its account loaded; `pollOptions` are the
   * current options when the status has a poll (used when there are no stored edits).
   */
  async presentHistory(
    status: Status,
    edits: StatusEdit[],
    currentPollOptions: string[] | null,
  ): Promise<StatusEditJson[]> {
    const account = status.account!;
    const versions: Version[] = edits.length
      ? edits
      : [
          {
            text: status.text,
            contentHtml: status.contentHtml,
            spoilerText: status.spoilerText,
            sensitive: status.sensitive,
            orderedMediaAttachmentIds: status.orderedMediaAttachmentIds,
            createdAt: status.editedAt ?? status.createdAt,
            pollOptions: currentPollOptions,
            mediaDescriptions: null,
          },
        ];
    const mediaIds = [...new Set(versions.flatMap((v) => v.orderedMediaAttachmentIds ?? []))];
    const shortcodes = [
      ...new Set(
        versions.flatMap((v) =>
          extractEmojiShortcodes(v.spoilerText, v.text, ...(v.pollOptions ?? [])),
        ),
      ),
    ];
    const [accountJson, media, emojis] = await Promise.all([
      this.accountPresenter.present(account),
      this.pages.media(mediaIds),
      this.emojis.findEnabled(
        shortcodes.map((shortcode) => ({ shortcode, domain: account.domain })),
      ),
    ]);
    const mediaById = new Map(media.map((row) => [row.id, row]));
    const emojiByCode = new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
    return versions.map((version) => {
      const json: StatusEditJson = {
        content: statusContent(version),
        spoiler_text: version.spoilerText,
        sensitive: version.sensitive,
        created_at: version.createdAt.toISOString(),
        account: accountJson,
        media_attachments: (version.orderedMediaAttachmentIds ?? []).flatMap((id, index) => {
          const row = mediaById.get(id);
          if (!row) return [];
          const description = version.mediaDescriptions?.[index];
          const rendered = serializeMediaAttachment(row, this.config);
          return [description === undefined ? rendered : { ...rendered, description }];
        }),
        emojis: extractEmojiShortcodes(
          version.spoilerText,
          version.text,
          ...(version.pollOptions ?? []),
        ).flatMap((code) => {
          const emoji = emojiByCode.get(code);
          return emoji ? [serializeCustomEmoji(emoji, this.config)] : [];
        }),
      };
      if (version.pollOptions)
        json.poll = { options: version.pollOptions.map((title) => ({ title })) };
      return json;
    });
  }
}
