import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  IdPage,
  isValidId,
  MarkerRepository,
  Notification,
  NotificationRepository,
  NotificationScope,
  RecordNotFoundError,
  Status,
  StatusRepository,
  User,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { StatusFilterQueries } from '../filters/status-filter-queries';
import { statusFacts, StatusQueries } from '../statuses/status-queries';

/** Notifications ready to render: their senders and statuses loaded, hidden ones left out. */
export interface LoadedNotifications {
  notifications: Notification[];
  senders: Map<string, Account>;
  statuses: Map<string, Status>;
  /** Ids of the newest and oldest rows read (Link header cursors), before any was left out. */
  newestId: string | null;
  oldestId: string | null;
  /** The page came back full: there may be older ones. */
  full: boolean;
}

/**
 * Reads a user's notifications (GET /api/v1/notifications and friends): filtered by type and
 * sender, paged by id, each with its sender and status. A notification whose status the user
 * may no longer see, or which a `hide` filter (notifications context) matches, is left out.
 * Constant queries per page.
 */
@Injectable()
export class NotificationQueries {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly markers: MarkerRepository,
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly filters: StatusFilterQueries,
  ) {}

  async page(
    viewer: Pick<Account, 'id'>,
    scope: NotificationScope,
    page: IdPage,
  ): Promise<LoadedNotifications> {
    const rows = await this.notifications.page(viewer.id, scope, page);
    const loaded = await this.load(viewer, rows);
    return {
      ...loaded,
      newestId: rows[0]?.id ?? null,
      oldestId: rows.at(-1)?.id ?? null,
      full: rows.length >= page.limit,
    };
  }

  async one(viewer: Pick<Account, 'id'>, id: string): Promise<LoadedNotifications> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const row = await this.notifications.one(viewer.id, id);
    if (!row) throw new RecordNotFoundError();
    const loaded = await this.load(viewer, [row]);
    if (loaded.notifications.length === 0) throw new RecordNotFoundError();
    return { ...loaded, newestId: row.id, oldestId: row.id, full: false };
  }

  /** Notifications after the user's notifications marker (all when there is none). */
  async unreadCount(
    user: Pick<User, 'id' | 'accountId'>,
    scope: NotificationScope,
    limit: number,
  ): Promise<number> {
    return this.notifications.countAfter(
      String(user.accountId),
      await this.markers.lastReadId(user.id, 'notifications'),
      scope,
      limit,
    );
  }

  /** Senders and statuses of notifications, keeping those the viewer may still see. */
  async load(
    viewer: Pick<Account, 'id'>,
    rows: Notification[],
  ): Promise<Pick<LoadedNotifications, 'notifications' | 'senders' | 'statuses'>> {
    const statusIds = [...new Set(rows.flatMap((row) => (row.statusId ? [row.statusId] : [])))];
    const [accounts, loadedStatuses] = await Promise.all([
      this.accounts.findByIds(rows.map((row) => row.fromAccountId)),
      this.statuses.findPage(statusIds),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loadedStatuses);
    const visible = loadedStatuses.filter((status) =>
      canViewStatus(statusFacts(status), relations),
    );
    const { kept } = await this.filters.apply(viewer.id, visible, 'notifications');
    const statuses = new Map(kept.map((status) => [status.id, status]));
    const senders = new Map(accounts.map((account) => [account.id, account]));
    return {
      notifications: rows.filter(
        (row) => senders.has(row.fromAccountId) && (!row.statusId || statuses.has(row.statusId)),
      ),
      senders,
      statuses,
    };
  }
}
