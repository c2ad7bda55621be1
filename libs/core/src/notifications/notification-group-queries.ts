import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  IdPage,
  MarkerRepository,
  Notification,
  NotificationRepository,
  NotificationScope,
  RecordNotFoundError,
  Status,
  User,
} from '@nestodon/domain';
import { GROUPABLE_NOTIFICATION_TYPES } from '@nestodon/policies';
import { NotificationGroup } from '@nestodon/serializers';
import { NotificationQueries } from './notification-queries';

export interface LoadedGroups {
  groups: NotificationGroup[];
  accounts: Account[];
  statuses: Status[];
  /** Link header cursors: the newest page_max_id and the oldest page_min_id. */
  newestId: string | null;
  oldestId: string | null;
  full: boolean;
}

const DEFAULT_GROUPED_TYPES = [...GROUPABLE_NOTIFICATION_TYPES];

/** The types of `requested` that may group (all groupable ones when none are asked for). */
const groupingTypes = (requested: string[] | undefined) =>
  (requested ?? DEFAULT_GROUPED_TYPES).filter((type) => GROUPABLE_NOTIFICATION_TYPES.has(type));

/**
 * The grouped notifications API (v2): a page of up to `limit` groups, each with its newest
 * notification, count, sample senders and page bounds; the accounts and statuses they name,
 * once each. Favourites and reblogs of one status, follows and sign-ups group by default
 * (`grouped_types` narrows that); everything else is `ungrouped-<id>`.
 */
@Injectable()
export class NotificationGroupQueries {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly markers: MarkerRepository,
    private readonly accountRepository: AccountRepository,
    private readonly loader: NotificationQueries,
  ) {}

  async page(
    viewer: Pick<Account, 'id'>,
    scope: NotificationScope,
    groupedTypes: string[] | undefined,
    page: IdPage,
  ): Promise<LoadedGroups> {
    const types = groupingTypes(groupedTypes);
    const heads = await this.notifications.groupPage(viewer.id, scope, types, page);
    return this.build(viewer, heads, types, page.limit);
  }

  /** One group (404 when it has no notification the viewer may see). */
  async group(viewer: Pick<Account, 'id'>, groupKey: string): Promise<LoadedGroups> {
    const members = await this.notifications.inGroup(viewer.id, groupKey);
    if (members.length === 0) throw new RecordNotFoundError();
    const result = await this.build(viewer, [members[0]], DEFAULT_GROUPED_TYPES, 1);
    if (result.groups.length === 0) throw new RecordNotFoundError();
    return result;
  }

  /** Every sender of a group, newest first (GET /api/v2/notifications/:group_key/accounts). */
  async accounts(viewer: Pick<Account, 'id'>, groupKey: string): Promise<Account[]> {
    const members = await this.notifications.inGroup(viewer.id, groupKey);
    if (members.length === 0) throw new RecordNotFoundError();
    return this.accountRepository.findByIds(members.map((member) => member.fromAccountId));
  }

  /** Groups with notifications after the notifications marker, at most `limit`. */
  async unreadCount(
    user: Pick<User, 'id' | 'accountId'>,
    scope: NotificationScope,
    groupedTypes: string[] | undefined,
    limit: number,
  ): Promise<number> {
    return this.notifications.countGroupsAfter(
      String(user.accountId),
      await this.markers.lastReadId(user.id, 'notifications'),
      scope,
      groupingTypes(groupedTypes),
      limit,
    );
  }

  private async build(
    viewer: Pick<Account, 'id'>,
    heads: Notification[],
    groupedTypes: string[],
    limit: number,
  ): Promise<LoadedGroups> {
    const loaded = await this.loader.load(viewer, heads);
    const grouped = (n: Notification) => n.groupKey !== null && groupedTypes.includes(n.type);
    const ids = heads.map((head) => BigInt(head.id));
    const range = ids.length
      ? {
          min: ids.reduce((a, b) => (a < b ? a : b)).toString(),
          max: ids.reduce((a, b) => (a > b ? a : b)).toString(),
        }
      : { min: '0', max: '0' };
    const data = await this.notifications.groupData(
      viewer.id,
      loaded.notifications.filter(grouped).map((n) => n.groupKey!),
      range,
    );
    const groups: NotificationGroup[] = loaded.notifications.map((head) => {
      const group = grouped(head) ? data.get(head.groupKey!) : undefined;
      return {
        groupKey: group ? group.groupKey : `ungrouped-${head.id}`,
        type: head.type,
        notificationsCount: group ? group.count : 1,
        mostRecentNotificationId: group?.mostRecentId ?? head.id,
        pageMinId: group?.pageMinId ?? head.id,
        pageMaxId: group?.pageMaxId ?? head.id,
        latestPageNotificationAt: group?.latestAt ?? new Date(head.createdAt),
        sampleAccountIds: group ? group.sampleAccountIds : [head.fromAccountId],
        statusId: head.statusId,
      };
    });
    const accountIds = [...new Set(groups.flatMap((group) => group.sampleAccountIds))];
    const known = new Map(loaded.senders);
    const missing = accountIds.filter((id) => !known.has(id));
    for (const account of await this.accountRepository.findByIds(missing)) {
      known.set(account.id, account);
    }
    const statusIds = [
      ...new Set(groups.flatMap((group) => (group.statusId ? [group.statusId] : []))),
    ];
    return {
      groups,
      accounts: accountIds.flatMap((id) => (known.has(id) ? [known.get(id)!] : [])),
      statuses: statusIds.flatMap((id) =>
        loaded.statuses.has(id) ? [loaded.statuses.get(id)!] : [],
      ),
      newestId: groups[0]?.pageMaxId ?? null,
      oldestId: groups.at(-1)?.pageMinId ?? null,
      full: heads.length >= limit,
    };
  }
}
