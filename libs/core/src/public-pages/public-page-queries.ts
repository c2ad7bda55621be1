import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  normalizeTagName,
  readUserSettings,
  RecordNotFoundError,
  Status,
  UserRepository,
} from '@nestodon/domain';
import { isAccountHidden, isAccountUnavailable } from '@nestodon/policies';
import { FetchAccountStatusesService } from '../statuses/fetch-account-statuses.service';
import { StatusQueries } from '../statuses/status-queries';
import { FetchTagTimelineService } from '../timelines/fetch-tag-timeline.service';

/** How many posts a profile page, a tag page and their feeds show (Mastodon's RSS size). */
export const PUBLIC_PAGE_SIZE = 20;

const STATUS_PATH = /^(?:\/@([A-Za-z0-9_]+)\/(\d+)|\/users\/([A-Za-z0-9_]+)\/statuses\/(\d+))\/?$/;

export interface PublicProfile {
  account: Account;
  /** The user asked search engines not to index their pages. */
  noindex: boolean;
}

/**
 * What the public HTML pages and RSS feeds show: only what anybody may see without signing in
 * (the same visibility rules as the anonymous API), of local accounts that exist for the API.
 */
@Injectable()
export class PublicPageQueries {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly accountStatuses: FetchAccountStatusesService,
    private readonly statuses: StatusQueries,
    private readonly tagTimeline: FetchTagTimelineService,
  ) {}

  /** A local account with a page (not suspended, confirmed and approved), or 404. */
  async profile(username: string): Promise<PublicProfile> {
    const account = await this.accounts.findLocalByUsername(username);
    if (!account || isAccountUnavailable(account)) throw new RecordNotFoundError();
    const user = await this.users.findByAccountId(account.id);
    if (isAccountHidden(account, user)) throw new RecordNotFoundError();
    return { account, noindex: readUserSettings(user!.settings).noindex };
  }

  /** The account's latest public and unlisted posts, without replies and reblogs. */
  async profileStatuses(account: Account): Promise<Status[]> {
    const page = await this.accountStatuses.call(
      account.id,
      null,
      { excludeReplies: true, excludeReblogs: true },
      { limit: PUBLIC_PAGE_SIZE },
    );
    return page.statuses;
  }

  /** A post of the account that anybody may see (no reblog), or 404. */
  async status(profile: PublicProfile, id: string): Promise<Status> {
    const { status } = await this.statuses.findVisible(id, null);
    if (status.accountId !== profile.account.id || status.reblogOfId) {
      throw new RecordNotFoundError();
    }
    return status;
  }

  /**
   * The post at a URL of this server (`/@alice/123` or its ActivityPub id
   * `/users/alice/statuses/123`), if anybody may see it; 404 for anything else.
   */
  async statusAtUrl(
    url: string,
    baseUrl: string,
  ): Promise<{ profile: PublicProfile; status: Status }> {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    const match = parsed && STATUS_PATH.exec(parsed.pathname);
    if (!match || parsed.origin !== new URL(baseUrl).origin) throw new RecordNotFoundError();
    const profile = await this.profile(match[1] ?? match[3]);
    return { profile, status: await this.status(profile, match[2] ?? match[4]) };
  }

  /** The latest public posts with the tag (a name that is no tag is 404). */
  async tagStatuses(name: string): Promise<{ name: string; statuses: Status[] }> {
    const normalized = normalizeTagName(name);
    if (!normalized) throw new RecordNotFoundError();
    const page = await this.tagTimeline.call(null, normalized, {}, { limit: PUBLIC_PAGE_SIZE });
    return { name: normalized, statuses: page.statuses };
  }
}
