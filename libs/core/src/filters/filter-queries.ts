import { Injectable } from '@nestjs/common';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterRepository,
  CustomFilterStatus,
  isValidId,
  RecordNotFoundError,
} from '@nestodon/domain';

export interface FilterWithRules {
  filter: CustomFilter;
  keywords: CustomFilterKeyword[];
  statuses: CustomFilterStatus[];
}

/** Reads a user's filters; anyone else's filter, keyword or status is not found. */
@Injectable()
export class FilterQueries {
  constructor(private readonly filters: CustomFilterRepository) {}

  /** Every filter with its keywords and statuses, in three queries. */
  async all(owner: Pick<Account, 'id'>): Promise<FilterWithRules[]> {
    return this.withRules(await this.filters.filtersOf(owner.id));
  }

  async owned(owner: Pick<Account, 'id'>, id: string): Promise<CustomFilter> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const filter = await this.filters.ownedFilter(owner.id, id);
    if (!filter) throw new RecordNotFoundError();
    return filter;
  }

  async ownedWithRules(owner: Pick<Account, 'id'>, id: string): Promise<FilterWithRules> {
    const [result] = await this.withRules([await this.owned(owner, id)]);
    return result;
  }

  private async withRules(filters: CustomFilter[]): Promise<FilterWithRules[]> {
    if (filters.length === 0) return [];
    const { keywords, statuses } = await this.filters.rulesOf(filters.map((filter) => filter.id));
    return filters.map((filter) => ({
      filter,
      keywords: keywords.filter((keyword) => keyword.customFilterId === filter.id),
      statuses: statuses.filter((status) => status.customFilterId === filter.id),
    }));
  }

  /** A keyword of one of the owner's filters, with its filter. */
  async keyword(
    owner: Pick<Account, 'id'>,
    id: string,
  ): Promise<{ filter: CustomFilter; keyword: CustomFilterKeyword }> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const keyword = await this.filters.keyword(id);
    if (!keyword) throw new RecordNotFoundError();
    const filter = await this.owned(owner, keyword.customFilterId);
    return { filter, keyword };
  }

  /** A status of one of the owner's filters, with its filter. */
  async filterStatus(
    owner: Pick<Account, 'id'>,
    id: string,
  ): Promise<{ filter: CustomFilter; status: CustomFilterStatus }> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const status = await this.filters.filterStatus(id);
    if (!status) throw new RecordNotFoundError();
    const filter = await this.owned(owner, status.customFilterId);
    return { filter, status };
  }

  /** v1: one entry per keyword, oldest first. */
  async keywordsAsV1(
    owner: Pick<Account, 'id'>,
  ): Promise<Array<{ filter: CustomFilter; keyword: CustomFilterKeyword }>> {
    return (await this.all(owner))
      .flatMap(({ filter, keywords }) => keywords.map((keyword) => ({ filter, keyword })))
      .sort((a, b) => (BigInt(a.keyword.id) < BigInt(b.keyword.id) ? -1 : 1));
  }
}
