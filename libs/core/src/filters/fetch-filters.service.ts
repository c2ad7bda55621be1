import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterStatus,
  isValidId,
  RecordNotFoundError,
} from '@nestodon/domain';
import { DataSource, In } from 'typeorm';

export interface FilterWithRules {
  filter: CustomFilter;
  keywords: CustomFilterKeyword[];
  statuses: CustomFilterStatus[];
}

/** Reads a user's filters; anyone else's filter, keyword or status is not found. */
@Injectable()
export class FetchFiltersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every filter with its keywords and statuses, in three queries. */
  async all(owner: Pick<Account, 'id'>): Promise<FilterWithRules[]> {
    const filters = await this.dataSource
      .getRepository(CustomFilter)
      .find({ where: { accountId: owner.id }, order: { id: 'ASC' } });
    return this.withRules(filters);
  }

  async owned(owner: Pick<Account, 'id'>, id: string): Promise<CustomFilter> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const filter = await this.dataSource
      .getRepository(CustomFilter)
      .findOne({ where: { id, accountId: owner.id } });
    if (!filter) throw new RecordNotFoundError();
    return filter;
  }

  async ownedWithRules(owner: Pick<Account, 'id'>, id: string): Promise<FilterWithRules> {
    const [result] = await this.withRules([await this.owned(owner, id)]);
    return result;
  }

  async withRules(filters: CustomFilter[]): Promise<FilterWithRules[]> {
    if (filters.length === 0) return [];
    const ids = filters.map((filter) => filter.id);
    const [keywords, statuses] = await Promise.all([
      this.dataSource
        .getRepository(CustomFilterKeyword)
        .find({ where: { customFilterId: In(ids) }, order: { id: 'ASC' } }),
      this.dataSource
        .getRepository(CustomFilterStatus)
        .find({ where: { customFilterId: In(ids) }, order: { id: 'ASC' } }),
    ]);
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
    const keyword = await this.dataSource.getRepository(CustomFilterKeyword).findOneBy({ id });
    if (!keyword) throw new RecordNotFoundError();
    const filter = await this.owned(owner, keyword.customFilterId);
    return { filter, keyword };
  }

  async filterStatus(
    owner: Pick<Account, 'id'>,
    id: string,
  ): Promise<{ filter: CustomFilter; status: CustomFilterStatus }> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const status = await this.dataSource.getRepository(CustomFilterStatus).findOneBy({ id });
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
