import { Injectable } from '@nestjs/common';
import {
  Account,
  Notification,
  ReportRepository,
  NotificationRequest,
  NotificationType,
  Status,
  STATUS_NOTIFICATION_TYPES,
} from '@nestodon/domain';
import { AccountJson, AccountPresenter } from './account.serializer';
import { ReportJson, ReportPresenter } from './report.serializer';
import { StatusJson, StatusPresenter } from './status.serializer';

/** Mastodon's Notification entity. */
export interface NotificationJson {
  id: string;
  type: NotificationType;
  created_at: string;
  group_key: string;
  account: AccountJson;
  status?: StatusJson;
  /** admin.report: the report (Mastodon's Report entity). */
  report?: ReportJson;
}

/** One group of the v2 API (Mastodon's NotificationGroup). */
export interface NotificationGroupJson {
  group_key: string;
  notifications_count: number;
  type: NotificationType;
  most_recent_notification_id: string;
  page_min_id?: string;
  page_max_id?: string;
  latest_page_notification_at?: string;
  sample_account_ids: string[];
  status_id?: string;
}

export interface GroupedNotificationsJson {
  accounts: AccountJson[];
  statuses: StatusJson[];
  notification_groups: NotificationGroupJson[];
}

/** A group as core computes it, before rendering. */
export interface NotificationGroup {
  groupKey: string;
  type: NotificationType;
  notificationsCount: number;
  mostRecentNotificationId: string;
  pageMinId: string;
  pageMaxId: string;
  latestPageNotificationAt: Date;
  sampleAccountIds: string[];
  statusId: string | null;
}

export interface NotificationRequestJson {
  id: string;
  created_at: string;
  updated_at: string;
  account: AccountJson;
  notifications_count: string;
  last_status?: StatusJson;
}

export const groupKeyOf = (notification: Pick<Notification, 'id' | 'groupKey'>) =>
  notification.groupKey ?? `ungrouped-${notification.id}`;

/**
 * Renders notifications with their accounts and statuses (the viewer's flags and filters, in
 * the notifications context) in a constant number of queries. Statuses come loaded (author and
 * reblog) by the caller, which decides visibility; a notification whose status is missing
 * from `statuses` is left out.
 */
@Injectable()
export class NotificationPresenter {
  constructor(
    private readonly accounts: AccountPresenter,
    private readonly statuses: StatusPresenter,
    private readonly reports: ReportRepository,
    private readonly reportPresenter: ReportPresenter,
  ) {}

  async presentMany(
    notifications: Notification[],
    senders: Map<string, Account>,
    statuses: Map<string, Status>,
    viewer: Pick<Account, 'id'>,
  ): Promise<NotificationJson[]> {
    const shown = notifications.filter(
      (notification) =>
        senders.has(notification.fromAccountId) &&
        (!STATUS_NOTIFICATION_TYPES.has(notification.type) ||
          (notification.statusId !== null && statuses.has(notification.statusId))),
    );
    const accountList = [...new Set(shown.map((n) => n.fromAccountId))].map((id) =>
      senders.get(id)!,
    );
    const statusList = [
      ...new Set(
        shown.flatMap((n) => (STATUS_NOTIFICATION_TYPES.has(n.type) ? [n.statusId!] : [])),
      ),
    ].map((id) => statuses.get(id)!);
    const [accountJson, statusJson, reportById] = await Promise.all([
      this.accounts.presentMany(accountList),
      this.statuses.presentMany(statusList, viewer, { filterContext: 'notifications' }),
      this.presentReports(shown),
    ]);
    const accountById = new Map(accountList.map((account, i) => [account.id, accountJson[i]]));
    const statusById = new Map(statusList.map((status, i) => [status.id, statusJson[i]]));
    return shown.map((notification) => {
      const json: NotificationJson = {
        id: String(notification.id),
        type: notification.type,
        created_at: new Date(notification.createdAt).toISOString(),
        group_key: groupKeyOf(notification),
        account: accountById.get(notification.fromAccountId)!,
      };
      if (STATUS_NOTIFICATION_TYPES.has(notification.type)) {
        json.status = statusById.get(notification.statusId!);
      }
      const report = notification.reportId ? reportById.get(notification.reportId) : undefined;
      if (report) json.report = report;
      return json;
    });
  }

  /** The reports of admin.report notifications, by id. */
  private async presentReports(notifications: Notification[]): Promise<Map<string, ReportJson>> {
    const ids = notifications.flatMap((n) => (n.reportId ? [n.reportId] : []));
    if (ids.length === 0) return new Map();
    const json = await this.reportPresenter.presentMany(await this.reports.findByIds(ids));
    return new Map(json.map((report) => [report.id, report]));
  }

  /** The v2 shape: groups, and every account and status they refer to once. */
  async presentGroups(
    groups: NotificationGroup[],
    accounts: Account[],
    statuses: Status[],
    viewer: Pick<Account, 'id'>,
  ): Promise<GroupedNotificationsJson> {
    const [accountJson, statusJson] = await Promise.all([
      this.accounts.presentMany(accounts),
      this.statuses.presentMany(statuses, viewer, { filterContext: 'notifications' }),
    ]);
    return {
      accounts: accountJson,
      statuses: statusJson,
      notification_groups: groups.map((group) => {
        const json: NotificationGroupJson = {
          group_key: group.groupKey,
          notifications_count: group.notificationsCount,
          type: group.type,
          most_recent_notification_id: group.mostRecentNotificationId,
          page_min_id: group.pageMinId,
          page_max_id: group.pageMaxId,
          latest_page_notification_at: group.latestPageNotificationAt.toISOString(),
          sample_account_ids: group.sampleAccountIds,
        };
        if (group.statusId) json.status_id = group.statusId;
        return json;
      }),
    };
  }

  async presentRequests(
    requests: Array<{ request: NotificationRequest; count: number }>,
    senders: Map<string, Account>,
    statuses: Map<string, Status>,
    viewer: Pick<Account, 'id'>,
  ): Promise<NotificationRequestJson[]> {
    const shown = requests.filter(({ request }) => senders.has(request.fromAccountId));
    const accountList = shown.map(({ request }) => senders.get(request.fromAccountId)!);
    const statusList = [
      ...new Set(
        shown.flatMap(({ request }) =>
          request.lastStatusId && statuses.has(request.lastStatusId) ? [request.lastStatusId] : [],
        ),
      ),
    ].map((id) => statuses.get(id)!);
    const [accountJson, statusJson] = await Promise.all([
      this.accounts.presentMany(accountList),
      this.statuses.presentMany(statusList, viewer, { filterContext: 'notifications' }),
    ]);
    const statusById = new Map(statusList.map((status, i) => [status.id, statusJson[i]]));
    return shown.map(({ request, count }, index) => {
      const json: NotificationRequestJson = {
        id: String(request.id),
        created_at: new Date(request.createdAt).toISOString(),
        updated_at: new Date(request.updatedAt).toISOString(),
        account: accountJson[index],
        notifications_count: String(count),
      };
      const last = request.lastStatusId ? statusById.get(request.lastStatusId) : undefined;
      if (last) json.last_status = last;
      return json;
    });
  }
}
