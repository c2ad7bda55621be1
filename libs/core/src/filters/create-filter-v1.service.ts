import { Injectable } from '@nestjs/common';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterRepository,
  FilterAction,
  TransactionRunner,
} from '@nestodon/domain';
import { parseExpiresIn, parseFilterContext, parseKeyword } from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

export interface FilterV1Input {
  phrase?: string;
  context?: string[];
  irreversible?: boolean;
  wholeWord?: boolean;
  expiresIn?: number | null;
}

/**
 * A deprecated v1 filter is one keyword of a v2 filter: creating one makes a filter titled
 * with the phrase, holding that phrase as its only keyword.
 */
@Injectable()
export class CreateFilterV1Service {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly transactions: TransactionRunner,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(
    owner: Pick<Account, 'id'>,
    input: FilterV1Input,
  ): Promise<{ filter: CustomFilter; keyword: CustomFilterKeyword }> {
    const phrase = parseKeyword(input.phrase);
    const context = parseFilterContext(input.context);
    const expiresAt = parseExpiresIn(input.expiresIn);
    const result = await this.transactions.run(async (tx) => {
      const filter = await this.filters.saveFilter(
        {
          accountId: owner.id,
          phrase,
          context,
          action: input.irreversible ? FilterAction.Hide : FilterAction.Warn,
          expiresAt,
        },
        tx,
      );
      const keyword = await this.filters.saveKeyword(
        { customFilterId: filter.id, keyword: phrase, wholeWord: input.wholeWord ?? true },
        tx,
      );
      return { filter, keyword };
    });
    await this.notifier.changed(owner.id);
    return result;
  }
}
