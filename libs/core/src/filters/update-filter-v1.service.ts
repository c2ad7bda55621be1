import { Injectable } from '@nestjs/common';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterRepository,
  FilterAction,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { FilterV1Input } from './create-filter-v1.service';
import { FilterQueries } from './filter-queries';
import { parseExpiresIn, parseFilterContext, parseKeyword } from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

/**
 * Updates a deprecated v1 filter: its keyword, and the filter's settings only when that
 * keyword is its only one (Mastodon refuses otherwise).
 */
@Injectable()
export class UpdateFilterV1Service {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly transactions: TransactionRunner,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(
    owner: Pick<Account, 'id'>,
    id: string,
    input: FilterV1Input,
  ): Promise<{ filter: CustomFilter; keyword: CustomFilterKeyword }> {
    const { filter, keyword } = await this.queries.keyword(owner, id);
    if (input.phrase !== undefined) keyword.keyword = parseKeyword(input.phrase);
    if (input.wholeWord !== undefined) keyword.wholeWord = input.wholeWord;
    let filterChanged = false;
    if (input.context !== undefined) {
      const context = parseFilterContext(input.context);
      filterChanged ||= context.join() !== filter.context.join();
      filter.context = context;
    }
    if (input.irreversible !== undefined) {
      const action = input.irreversible ? FilterAction.Hide : FilterAction.Warn;
      filterChanged ||= action !== filter.action;
      filter.action = action;
    }
    if (input.expiresIn !== undefined) {
      filter.expiresAt = parseExpiresIn(input.expiresIn);
      filterChanged = true;
    }
    await this.transactions.run(async (tx) => {
      await this.filters.saveKeyword(keyword, tx);
      if (!filterChanged) return;
      if ((await this.filters.countKeywords(filter.id, tx)) > 1) {
        throw new ValidationError(
          'These parameters cannot be changed from this application because they apply to more than one filter keyword. Use a more recent application or the web interface.',
        );
      }
      await this.filters.saveFilter(filter, tx);
    });
    await this.notifier.changed(owner.id);
    return { filter, keyword };
  }
}
