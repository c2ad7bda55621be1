import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  isValidId,
  Marker,
  Notification,
  RecordNotFoundError,
  Status,
  User,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { DataSource, In } from 'typeorm';
import { StatusFilterService } from '../filters/status-filter.service';
import { statusFacts, StatusVisibilityService } from '../statuses/status-visibility.service';
import { NotificationQueries, NotificationScope, NotificationWindow } from './notification-queries';
import { TimelineStatusLoader } from '../timelines/timeline-status-loader';

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
export class FetchNotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: NotificationQueries,
    private readonly statuses: TimelineStatusLoader,
    private readonly visibility: StatusVisibilityService,
    private readonly filters: StatusFilterService,
  ) {}

  async page(
    viewer: Pick<Account, 'id'>,
    scope: NotificationScope,
    window: NotificationWindow,
  ): Promise<LoadedNotifications> {
    const rows = await this.queries.page(viewer.id, scope, window);
    const loaded = await this.load(viewer, rows);
    return {
      ...loaded,
      newestId: rows[0]?.id ?? null,
      oldestId: rows.at(-1)?.id ?? null,
      full: rows.length >= window.limit,
    };
  }

  async one(viewer: Pick<Account, 'id'>, id: string): Promise<LoadedNotifications> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const row = await this.queries.one(viewer.id, id);
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
    const marker = await this.dataSource
      .getRepository(Marker)
      .findOneBy({ userId: user.id, timeline: 'notifications' });
    return this.queries.countAfter(
      String(user.accountId),
      marker ? String(marker.lastReadId) : '0',
      scope,
      limit,
    );
  }

  /** Senders and statuses of notifications, keeping those the viewer may still see. */
  async load(
    viewer: Pick<Account, 'id'>,
    rows: Notification[],
  ): Promise<Pick<LoadedNotifications, 'notifications' | 'senders' | 'statuses'>> {
    const senderIds = [...new Set(rows.map((row) => row.fromAccountId))];
    const statusIds = [...new Set(rows.flatMap((row) => (row.statusId ? [row.statusId] : [])))];
    const [senders, loadedStatuses] = await Promise.all([
      senderIds.length
        ? this.dataSource.getRepository(Account).findBy({ id: In(senderIds) })
        : Promise.resolve([] as Account[]),
      this.statuses.load(statusIds),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loadedStatuses);
    const visible = loadedStatuses.filter((status) =>
      canViewStatus(statusFacts(status), relations),
    );
    const { kept } = await this.filters.apply(viewer.id, visible, 'notifications');
    const statuses = new Map(kept.map((status) => [status.id, status]));
    const senderMap = new Map(senders.map((account) => [account.id, account]));
    return {
      notifications: rows.filter(
        (row) => senderMap.has(row.fromAccountId) && (!row.statusId || statuses.has(row.statusId)),
      ),
      senders: senderMap,
      statuses,
    };
  }
}
