import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  isValidId,
  NotificationRequest,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { DataSource, In } from 'typeorm';
import { statusFacts, StatusVisibilityService } from '../statuses/status-visibility.service';

export interface LoadedRequests {
  requests: Array<{ request: NotificationRequest; count: number }>;
  senders: Map<string, Account>;
  statuses: Map<string, Status>;
  newestId: string | null;
  oldestId: string | null;
  full: boolean;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toRequest = (row: Record<string, unknown>) =>
  Object.assign(
    new NotificationRequest(),
    Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])),
  );

/**
 * Notification requests: the senders whose mentions the policy held back. Accepting one lets
 * their held notifications in (and their future ones: the sender is remembered); dismissing
 * deletes the request with those notifications. Requests from suspended accounts are hidden.
 */
@Injectable()
export class NotificationRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusVisibilityService,
    private readonly publisher: PublisherService,
  ) {}

  async page(
    viewer: Pick<Account, 'id'>,
    window: { maxId?: string; sinceId?: string; minId?: string; limit: number },
  ): Promise<LoadedRequests> {
    const params: unknown[] = [viewer.id];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['r.account_id = $1', 'a.suspended_at IS NULL'];
    if (window.maxId) conditions.push(`r.id < ${bind(window.maxId)}::bigint`);
    if (window.sinceId) conditions.push(`r.id > ${bind(window.sinceId)}::bigint`);
    if (window.minId) conditions.push(`r.id > ${bind(window.minId)}::bigint`);
    const ascending = Boolean(window.minId);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT r.* FROM notification_requests r JOIN accounts a ON a.id = r.from_account_id
        WHERE ${conditions.join(' AND ')}
        ORDER BY r.id ${ascending ? 'ASC' : 'DESC'} LIMIT ${bind(window.limit)}`,
      params,
    );
    if (ascending) rows.reverse();
    const loaded = await this.load(viewer, rows.map(toRequest));
    return {
      ...loaded,
      newestId: rows[0] ? String(rows[0].id) : null,
      oldestId: rows.length ? String(rows.at(-1)!.id) : null,
      full: rows.length >= window.limit,
    };
  }

  async one(viewer: Pick<Account, 'id'>, id: string): Promise<LoadedRequests> {
    const request = await this.owned(viewer, id);
    const loaded = await this.load(viewer, [request]);
    return { ...loaded, newestId: request.id, oldestId: request.id, full: false };
  }

  async accept(viewer: Pick<Account, 'id'>, ids: string[]): Promise<void> {
    const requests = await this.ownedMany(viewer, ids);
    if (requests.length === 0) return;
    await this.dataSource.transaction(async (tx) => {
      for (const request of requests) {
        await tx.query(
          `INSERT INTO notification_permissions (account_id, from_account_id) VALUES ($1, $2)
           ON CONFLICT (account_id, from_account_id) DO NOTHING`,
          [viewer.id, request.fromAccountId],
        );
        await tx.query(
          `UPDATE notifications SET filtered = false, updated_at = now()
            WHERE account_id = $1 AND from_account_id = $2 AND filtered`,
          [viewer.id, request.fromAccountId],
        );
        await tx.query(`DELETE FROM notification_requests WHERE id = $1`, [request.id]);
      }
    });
    await this.publisher
      .publish(Channel.user(viewer.id), { event: StreamEvent.NotificationsMerged, payload: '1' })
      .catch(() => undefined);
  }

  async dismiss(viewer: Pick<Account, 'id'>, ids: string[]): Promise<void> {
    const requests = await this.ownedMany(viewer, ids);
    await this.dataSource.transaction(async (tx) => {
      for (const request of requests) {
        await tx.query(
          `DELETE FROM notifications WHERE account_id = $1 AND from_account_id = $2 AND filtered`,
          [viewer.id, request.fromAccountId],
        );
        await tx.query(`DELETE FROM notification_requests WHERE id = $1`, [request.id]);
      }
    });
  }

  async owned(viewer: Pick<Account, 'id'>, id: string): Promise<NotificationRequest> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const [request] = await this.ownedMany(viewer, [id]);
    if (!request) throw new RecordNotFoundError();
    return request;
  }

  /** The viewer's requests among `ids` (others' and unknown ids are skipped). */
  private async ownedMany(
    viewer: Pick<Account, 'id'>,
    ids: string[],
  ): Promise<NotificationRequest[]> {
    const valid = ids.filter(isValidId);
    if (valid.length === 0) return [];
    return this.dataSource
      .getRepository(NotificationRequest)
      .findBy({ id: In(valid), accountId: viewer.id });
  }

  private async load(
    viewer: Pick<Account, 'id'>,
    requests: NotificationRequest[],
  ): Promise<Pick<LoadedRequests, 'requests' | 'senders' | 'statuses'>> {
    const senderIds = [...new Set(requests.map((request) => String(request.fromAccountId)))];
    const statusIds = requests.flatMap((request) =>
      request.lastStatusId ? [String(request.lastStatusId)] : [],
    );
    const [senders, loadedStatuses, counts] = await Promise.all([
      senderIds.length
        ? this.dataSource.getRepository(Account).findBy({ id: In(senderIds) })
        : Promise.resolve([] as Account[]),
      this.statuses.findWithRelations(statusIds),
      senderIds.length
        ? (this.dataSource.query(
            `SELECT from_account_id::text, count(*)::int AS count FROM notifications
              WHERE account_id = $1 AND filtered AND from_account_id = ANY($2::bigint[])
              GROUP BY from_account_id`,
            [viewer.id, senderIds],
          ) as Promise<Array<{ from_account_id: string; count: number }>>)
        : Promise.resolve([]),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loadedStatuses);
    const visible = loadedStatuses.filter((status) =>
      canViewStatus(statusFacts(status), relations),
    );
    const countBy = new Map(counts.map((row) => [row.from_account_id, row.count]));
    return {
      requests: requests.map((request) => ({
        request: Object.assign(request, {
          id: String(request.id),
          fromAccountId: String(request.fromAccountId),
          lastStatusId: request.lastStatusId ? String(request.lastStatusId) : null,
        }),
        count: countBy.get(String(request.fromAccountId)) ?? 0,
      })),
      senders: new Map(senders.map((account) => [account.id, account])),
      statuses: new Map(visible.map((status) => [status.id, status])),
    };
  }
}
