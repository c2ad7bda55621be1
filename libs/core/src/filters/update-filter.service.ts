import { Injectable } from '@nestjs/common';
import { Account, CustomFilterRepository, TransactionRunner } from '@nestodon/domain';
import { FilterInput } from './create-filter.service';
import { applyKeywordAttributes } from './filter-keyword-attributes';
import { FilterQueries, FilterWithRules } from './filter-queries';
import {
  parseExpiresIn,
  parseFilterAction,
  parseFilterContext,
  parseFilterTitle,
} from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

/**
 * Changes a v2 filter (absent fields stay) and its keywords given in the same request, in
 * one transaction, and tells the user's streams once.
 */
@Injectable()
export class UpdateFilterService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly transactions: TransactionRunner,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(owner: Pick<Account, 'id'>, id: string, input: FilterInput): Promise<FilterWithRules> {
    const filter = await this.queries.owned(owner, id);
    if (input.title !== undefined) filter.phrase = parseFilterTitle(input.title);
    if (input.context !== undefined) filter.context = parseFilterContext(input.context);
    if (input.filterAction !== undefined) filter.action = parseFilterAction(input.filterAction);
    if (input.expiresIn !== undefined) filter.expiresAt = parseExpiresIn(input.expiresIn);
    await this.transactions.run(async (tx) => {
      await this.filters.saveFilter(filter, tx);
      await applyKeywordAttributes(this.filters, filter, input.keywordsAttributes ?? [], tx);
    });
    await this.notifier.changed(owner.id);
    return this.queries.ownedWithRules(owner, filter.id);
  }
}
