import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, CustomFilterKeyword } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FetchFiltersService } from './fetch-filters.service';
import { parseKeyword } from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

/** Adds, edits and removes single keywords of a filter (/api/v2/filters/…/keywords). */
@Injectable()
export class ManageFilterKeywordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fetch: FetchFiltersService,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async add(
    owner: Pick<Account, 'id'>,
    filterId: string,
    input: { keyword?: string; wholeWord?: boolean },
  ): Promise<CustomFilterKeyword> {
    const filter = await this.fetch.owned(owner, filterId);
    const keyword = await this.dataSource.getRepository(CustomFilterKeyword).save({
      customFilterId: filter.id,
      keyword: parseKeyword(input.keyword),
      wholeWord: input.wholeWord ?? true,
    });
    await this.notifier.changed(owner.id);
    return keyword;
  }

  async update(
    owner: Pick<Account, 'id'>,
    id: string,
    input: { keyword?: string; wholeWord?: boolean },
  ): Promise<CustomFilterKeyword> {
    const { keyword } = await this.fetch.keyword(owner, id);
    if (input.keyword !== undefined) keyword.keyword = parseKeyword(input.keyword);
    if (input.wholeWord !== undefined) keyword.wholeWord = input.wholeWord;
    const saved = await this.dataSource.getRepository(CustomFilterKeyword).save(keyword);
    await this.notifier.changed(owner.id);
    return saved;
  }

  async remove(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const { keyword } = await this.fetch.keyword(owner, id);
    await this.dataSource.getRepository(CustomFilterKeyword).delete({ id: keyword.id });
    await this.notifier.changed(owner.id);
  }
}
