import { Injectable } from '@nestjs/common';
import { Account, CustomFilterRepository, FilterAction, TransactionRunner } from '@nestodon/domain';
import { applyKeywordAttributes, KeywordAttributes } from './filter-keyword-attributes';
import { FilterQueries, FilterWithRules } from './filter-queries';
import {
  parseExpiresIn,
  parseFilterAction,
  parseFilterContext,
  parseFilterTitle,
} from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

export interface FilterInput {
  title?: string;
  context?: string[];
  filterAction?: string;
  /** Seconds; null clears the expiry, undefined leaves it. */
  expiresIn?: number | null;
  keywordsAttributes?: KeywordAttributes[];
}

/**
 * Creates a v2 filter with the keywords given in the same request, in one transaction, and
 * tells the user's streams once.
 */
@Injectable()
export class CreateFilterService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly transactions: TransactionRunner,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(owner: Pick<Account, 'id'>, input: FilterInput): Promise<FilterWithRules> {
    const title = parseFilterTitle(input.title);
    const context = parseFilterContext(input.context);
    const action =
      input.filterAction === undefined ? FilterAction.Warn : parseFilterAction(input.filterAction);
    const expiresAt = parseExpiresIn(input.expiresIn);
    const filter = await this.transactions.run(async (tx) => {
      const saved = await this.filters.saveFilter(
        { accountId: owner.id, phrase: title, context, action, expiresAt },
        tx,
      );
      await applyKeywordAttributes(this.filters, saved, input.keywordsAttributes ?? [], tx);
      return saved;
    });
    await this.notifier.changed(owner.id);
    return this.queries.ownedWithRules(owner, filter.id);
  }
}
