import { Injectable } from '@nestjs/common';
import { LocalUris, StatusFacts } from '@nestodon/activitypub/render';
import {
  AccountRepository,
  MediaAttachmentRepository,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { StatusPresenter } from '@nestodon/serializers';
import { ActorFactsLoader } from './actor-facts';
import { EmojiFactsLoader } from './emoji-facts';

/**
 * What local statuses' objects show, for a whole page in a fixed number of queries: the REST
 * presentation (content, mentions, tags, counts, poll) completed with what ActivityPub needs
 * beyond it (mentioned actors' ids, the replied-to status's id, media types, emoji ids).
 */
@Injectable()
export class StatusFactsLoader {
  constructor(
    private readonly presenter: StatusPresenter,
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly media: MediaAttachmentRepository,
    private readonly emojis: EmojiFactsLoader,
    private readonly actors: ActorFactsLoader,
    private readonly uris: LocalUris,
  ) {}

  /** Statuses with `account` loaded (StatusRepository.findWithRelations), not reblogs. */
  async load(statuses: Status[]): Promise<StatusFacts[]> {
    if (statuses.length === 0) return [];
    const jsons = await this.presenter.presentMany(statuses, null);
    const mentionIds = jsons.flatMap((json) => json.mentions.map((mention) => mention.id));
    const parentIds = statuses.flatMap((status) => status.inReplyToId ?? []);
    const mediaIds = statuses.flatMap((status) => status.orderedMediaAttachmentIds ?? []);
    const [mentioned, parents, media, emojis] = await Promise.all([
      this.accounts.findByIds(mentionIds),
      this.statuses.findWithRelations(parentIds, { withDeleted: true }),
      this.media.findByIds(mediaIds),
      this.emojis.forTexts(statuses.map((status) => [status.spoilerText, status.text])),
    ]);
    const accountById = new Map(mentioned.map((account) => [account.id, account]));
    const parentById = new Map(parents.map((parent) => [parent.id, parent]));
    const mediaById = new Map(media.map((row) => [row.id, row]));

    return statuses.map((status, index) => {
      const json = jsons[index];
      const parent = status.inReplyToId ? parentById.get(status.inReplyToId) : undefined;
      return {
        id: status.id,
        username: status.account!.username,
        visibility: status.visibility,
        contentHtml: json.content,
        spoilerText: status.spoilerText,
        sensitive: status.sensitive,
        language: status.language,
        createdAt: status.createdAt,
        editedAt: status.editedAt,
        inReplyTo: parent ? this.statusId(parent) : null,
        mentions: json.mentions.flatMap((mention) => {
          const account = accountById.get(mention.id);
          return account ? [{ uri: this.actors.actorId(account), acct: `@${mention.acct}` }] : [];
        }),
        tags: json.tags.map((tag) => tag.name),
        emojis: emojis[index],
        media: json.media_attachments.flatMap((attachment) => {
          const row = mediaById.get(attachment.id);
          if (!attachment.url || !row) return [];
          const original = (row.meta?.original ?? {}) as { width?: number; height?: number };
          return [
            {
              url: attachment.url,
              mediaType: row.fileContentType,
              description: row.description,
              width: original.width ?? null,
              height: original.height ?? null,
            },
          ];
        }),
        poll: json.poll
          ? {
              options: json.poll.options.map((option) => ({
                title: option.title,
                votesCount: option.votes_count ?? 0,
              })),
              multiple: json.poll.multiple,
              expiresAt: json.poll.expires_at ? new Date(json.poll.expires_at) : null,
              closed: json.poll.expired,
              votersCount: json.poll.voters_count,
            }
          : null,
        counts: {
          replies: json.replies_count,
          likes: json.favourites_count,
          shares: json.reblogs_count,
        },
      };
    });
  }

  /** The ActivityPub id of any status, local or remote. */
  statusId(status: Status): string {
    const author = status.account!;
    return author.domain === null
      ? this.uris.status(author.username, status.id)
      : (status.uri ?? '');
  }
}
