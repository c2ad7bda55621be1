import { Injectable } from '@nestjs/common';
import { Account, IdPage, StatusRepository } from '@nestodon/domain';
import { canViewStatus, showAccountInList } from '@nestodon/policies';
import { statusFacts, StatusQueries, Viewer } from './status-queries';

export interface AccountsPage {
  accounts: Account[];
  nextMaxId: string | null;
  prevMinId: string | null;
}

/**
 * GET /api/v1/statuses/:id/favourited_by and /reblogged_by: who interacted with a status the
 * viewer can see, newest first; accounts blocked either way, muted or suspended are left out,
 * and reblogs the viewer may not see do not count. A read-only query service.
 */
@Injectable()
export class StatusInteractorQueries {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async favouritedBy(statusId: string, viewer: Viewer, page: IdPage): Promise<AccountsPage> {
    const { status } = await this.visibility.findVisible(statusId, viewer);
    const rows = await this.statuses.favouritedBy(status.id, page);
    const accounts = rows.items.map((row) => row.item);
    const relations = await this.visibility.relationsFor(
      viewer,
      [],
      accounts.map((account) => account.id),
    );
    return {
      accounts: accounts.filter((account) => showAccountInList(account, relations)),
      nextMaxId: rows.full ? (rows.items[rows.items.length - 1]?.cursor ?? null) : null,
      prevMinId: rows.items[0]?.cursor ?? null,
    };
  }

  async rebloggedBy(statusId: string, viewer: Viewer, page: IdPage): Promise<AccountsPage> {
    const { status } = await this.visibility.findVisible(statusId, viewer);
    const rows = await this.statuses.rebloggedBy(status.id, page);
    const relations = await this.visibility.relationsFor(
      viewer,
      [status],
      rows.items.map((row) => row.item.account.id),
    );
    const original = statusFacts(status);
    const accounts = rows.items
      .filter(({ item }) =>
        canViewStatus(
          {
            id: item.reblogId,
            accountId: item.account.id,
            visibility: item.visibility,
            deletedAt: null,
            reblogOfId: status.id,
            author: item.account,
            reblog: original,
          },
          relations,
        ),
      )
      .map(({ item }) => item.account)
      .filter((account) => showAccountInList(account, relations));
    return {
      accounts,
      nextMaxId: rows.full ? (rows.items[rows.items.length - 1]?.cursor ?? null) : null,
      prevMinId: rows.items[0]?.cursor ?? null,
    };
  }
}
