import { Injectable } from '@nestjs/common';
import {
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import {
  anonymousRelations,
  canViewStatus,
  showInList,
  StatusFacts,
  ViewerRelations,
} from '@nestodon/policies';
import { EntityManager } from 'typeorm';

/** Who is reading: an account, or nobody (anonymous requests and app tokens). */
export type Viewer = { id: string } | null | undefined;

/** The policy's view of a loaded status (author and reblogged status included). */
export function statusFacts(status: Status): StatusFacts {
  return {
    id: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    deletedAt: status.deletedAt,
    reblogOfId: status.reblogOfId,
    author: status.account!,
    reblog: status.reblog ? statusFacts(status.reblog) : (status.reblog ?? null),
  };
}

/**
 * Applies libs/policies to loaded statuses: loads the viewer's relations for a whole set in one
 * query and answers what may be shown. Hidden and missing statuses are the same 404.
 */
@Injectable()
export class StatusVisibilityService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly relationsRepository: ViewerRelationsRepository,
  ) {}

  /** The viewer's relations to the authors (and extra accounts) and the statuses given. */
  async relationsFor(
    viewer: Viewer,
    statuses: Status[],
    extraAccountIds: string[] = [],
    manager?: EntityManager,
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
      manager,
    );
    return { viewerId: viewer.id, ...sets };
  }

  /** One status the viewer may see, with its author and reblogged status; 404 otherwise. */
  async findVisible(
    id: string,
    viewer: Viewer,
    manager?: EntityManager,
  ): Promise<{ status: Status; relations: ViewerRelations }> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const status = await this.statuses.findOneWithRelations(id, { manager });
    if (!status) throw new RecordNotFoundError();
    const relations = await this.relationsFor(viewer, [status], [], manager);
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
