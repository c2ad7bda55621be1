import { Injectable } from '@nestjs/common';
import {
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
  Transaction,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import {
  anonymousRelations,
  canViewStatus,
  showInList,
  statusFacts,
  ViewerRelations,
} from '@nestodon/policies';

/** Who is reading: an account, or nobody (anonymous requests and app tokens). */
export type Viewer = { id: string } | null | undefined;

export { statusFacts };

/**
 * Reads statuses as a viewer may see them (a read-only query service): applies libs/policies to
 * loaded statuses, with the viewer's relations for a whole set in one query. Hidden and missing
 * statuses are the same 404.
 */
@Injectable()
export class StatusQueries {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly relationsRepository: ViewerRelationsRepository,
  ) {}

  /** The viewer's relations to the authors (and extra accounts) and the statuses given. */
  async relationsFor(
    viewer: Viewer,
    statuses: Status[],
    extraAccountIds: string[] = [],
    tx?: Transaction,
  ): Promise<ViewerRelations> {
    if (!viewer) return anonymousRelations();
    const all = statuses.flatMap((status) => (status.reblog ? [status, status.reblog] : [status]));
    const authors = all.flatMap((status) => (status.account ? [status.account] : []));
    const sets = await this.relationsRepository.load(
      viewer.id,
      {
        accountIds: [...all.map((status) => status.accountId), ...extraAccountIds],
        statusIds: all.map((status) => status.id),
        domains: authors.flatMap((account) => (account.domain ? [account.domain] : [])),
      },
      tx,
    );
    return { viewerId: viewer.id, ...sets };
  }

  /** One status the viewer may see, with its author and reblogged status; 404 otherwise. */
  async findVisible(
    id: string,
    viewer: Viewer,
    tx?: Transaction,
  ): Promise<{ status: Status; relations: ViewerRelations }> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const status = await this.statuses.findOneWithRelations(id, { tx });
    if (!status) throw new RecordNotFoundError();
    const relations = await this.relationsFor(viewer, [status], [], tx);
    if (!canViewStatus(statusFacts(status), relations)) throw new RecordNotFoundError();
    return { status, relations };
  }

  /** The statuses the viewer may see, in the given order. */
  async filterVisible(statuses: Status[], viewer: Viewer): Promise<Status[]> {
    if (statuses.length === 0) return [];
    const relations = await this.relationsFor(viewer, statuses);
    return statuses.filter((status) => canViewStatus(statusFacts(status), relations));
  }

  /** Visible and not muted or domain-blocked by the viewer (threads and other lists). */
  async filterForList(statuses: Status[], viewer: Viewer): Promise<Status[]> {
    if (statuses.length === 0) return [];
    const relations = await this.relationsFor(viewer, statuses);
    return statuses.filter((status) => showInList(statusFacts(status), relations));
  }

  /** Loads statuses by id (missing and deleted ones dropped) in the order of `ids`. */
  async loadInOrder(ids: string[]): Promise<Status[]> {
    const byId = new Map(
      (await this.statuses.findWithRelations(ids)).map((status) => [status.id, status]),
    );
    return ids.flatMap((id) => {
      const status = byId.get(id);
      return status ? [status] : [];
    });
  }
}
