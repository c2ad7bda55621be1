import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  IdPage,
  isValidId,
  NotificationRepository,
  NotificationRequest,
  NotificationRequestRepository,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { statusFacts, StatusQueries } from '../statuses/status-queries';

export interface LoadedRequests {
  requests: Array<{ request: NotificationRequest; count: number }>;
  senders: Map<string, Account>;
  statuses: Map<string, Status>;
  newestId: string | null;
  oldestId: string | null;
  full: boolean;
}

/**
 * Notification requests: the senders whose mentions the policy held back, each with how
 * many notifications wait and the last status (when the viewer may see it). Requests from
 * suspended accounts are hidden.
 */
@Injectable()
export class NotificationRequestQueries {
  constructor(
    private readonly requests: NotificationRequestRepository,
    private readonly notifications: NotificationRepository,
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async page(viewer: Pick<Account, 'id'>, page: IdPage): Promise<LoadedRequests> {
    const requests = await this.requests.page(viewer.id, page);
    const loaded = await this.load(viewer, requests);
    return {
      ...loaded,
      newestId: requests[0]?.id ?? null,
      oldestId: requests.at(-1)?.id ?? null,
      full: requests.length >= page.limit,
    };
  }

  async one(viewer: Pick<Account, 'id'>, id: string): Promise<LoadedRequests> {
    const request = await this.owned(viewer, id);
    const loaded = await this.load(viewer, [request]);
    return { ...loaded, newestId: request.id, oldestId: request.id, full: false };
  }

  /** One of the viewer's requests (404 for anyone else's). */
  async owned(viewer: Pick<Account, 'id'>, id: string): Promise<NotificationRequest> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const [request] = await this.ownedMany(viewer, [id]);
    if (!request) throw new RecordNotFoundError();
    return request;
  }

  /** The viewer's requests among `ids` (others' and malformed ids are skipped). */
  ownedMany(viewer: Pick<Account, 'id'>, ids: string[]): Promise<NotificationRequest[]> {
    return this.requests.ownedByIds(viewer.id, ids.filter(isValidId));
  }

  private async load(
    viewer: Pick<Account, 'id'>,
    requests: NotificationRequest[],
  ): Promise<Pick<LoadedRequests, 'requests' | 'senders' | 'statuses'>> {
    const senderIds = [...new Set(requests.map((request) => request.fromAccountId))];
    const statusIds = requests.flatMap((request) =>
      request.lastStatusId ? [request.lastStatusId] : [],
    );
    const [senders, loadedStatuses, counts] = await Promise.all([
      this.accounts.findByIds(senderIds),
      this.statuses.findWithRelations(statusIds),
      this.notifications.filteredCountsBySender(viewer.id, senderIds),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loadedStatuses);
    const visible = loadedStatuses.filter((status) =>
      canViewStatus(statusFacts(status), relations),
    );
    return {
      requests: requests.map((request) => ({
        request,
        count: counts.get(request.fromAccountId) ?? 0,
      })),
      senders: new Map(senders.map((account) => [account.id, account])),
      statuses: new Map(visible.map((status) => [status.id, status])),
    };
  }
}
