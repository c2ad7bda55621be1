import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Tag, TagFollowRepository } from '@nestodon/domain';

/** One day of a tag's use, all values strings as Mastodon sends them. */
export interface TagHistoryDay {
  /** UNIX time of the day's start (UTC). */
  day: string;
  uses: string;
  accounts: string;
}

/** Where daily tag use comes from (core's TagHistory, in Redis). */
export interface TagHistorySource {
  history(tagIds: string[]): Promise<Map<string, TagHistoryDay[]>>;
}
export const TAG_HISTORY_SOURCE = Symbol('TAG_HISTORY_SOURCE');

/** Mastodon's Tag entity; `following`/`featuring` only for a signed-in viewer. */
export interface TagJson {
  id: string;
  name: string;
  url: string;
  history: TagHistoryDay[];
  following?: boolean;
  featuring?: boolean;
}

const emptyHistory = (): TagHistoryDay[] => {
  const today = Math.floor(Date.now() / 86_400_000) * 86_400;
  return Array.from({ length: 7 }, (_, i) => ({
    day: String(today - i * 86_400),
    uses: '0',
    accounts: '0',
  }));
};

/**
 * Renders tags with their history and the viewer's following/featuring flags: one query and
 * one Redis round trip for any number of tags.
 */
@Injectable()
export class TagPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tagFollows: TagFollowRepository,
    @Optional() @Inject(TAG_HISTORY_SOURCE) private readonly historySource?: TagHistorySource,
  ) {}

  async present(tag: Tag, viewerId: string | null): Promise<TagJson> {
    const [json] = await this.presentMany([tag], viewerId);
    return json;
  }

  async presentMany(tags: Tag[], viewerId: string | null): Promise<TagJson[]> {
    if (tags.length === 0) return [];
    const ids = [...new Set(tags.map((tag) => String(tag.id)).filter((id) => id !== ''))];
    const [history, flags] = await Promise.all([
      this.historySource && ids.length
        ? this.historySource.history(ids)
        : Promise.resolve(new Map<string, TagHistoryDay[]>()),
      viewerId && ids.length
        ? this.tagFollows.viewerTagFlags(viewerId, ids)
        : Promise.resolve(null),
    ]);
    return tags.map((tag) => {
      const id = String(tag.id);
      const json: TagJson = {
        id,
        name: tag.displayName || tag.name,
        url: `${this.config.instance.baseUrl}/tags/${encodeURIComponent(tag.name)}`,
        history: history.get(id) ?? emptyHistory(),
      };
      if (viewerId) {
        json.following = flags?.following.has(id) ?? false;
        json.featuring = flags?.featuring.has(id) ?? false;
      }
      return json;
    });
  }
}
