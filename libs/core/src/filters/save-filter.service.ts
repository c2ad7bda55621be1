import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  FilterAction,
  isValidId,
  RecordNotFoundError,
} from '@nestodon/domain';
import { DataSource, EntityManager } from 'typeorm';
import { FetchFiltersService, FilterWithRules } from './fetch-filters.service';
import {
  parseExpiresIn,
  parseFilterAction,
  parseFilterContext,
  parseFilterTitle,
  parseKeyword,
} from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

export interface KeywordAttributes {
  id?: string;
  keyword?: string;
  wholeWord?: boolean;
  destroy?: boolean;
}

export interface FilterInput {
  title?: string;
  context?: string[];
  filterAction?: string;
  /** Seconds; null clears the expiry, undefined leaves it. */
  expiresIn?: number | null;
  keywordsAttributes?: KeywordAttributes[];
}

/**
 * Creates and updates v2 filters, with their keywords in the same request (Rails-style
 * keywords_attributes: entries without id are created, with id updated, with _destroy
 * removed). One transaction and one filters_changed per request.
 */
@Injectable()
export class SaveFilterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fetch: FetchFiltersService,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async create(owner: Pick<Account, 'id'>, input: FilterInput): Promise<FilterWithRules> {
    const title = parseFilterTitle(input.title);
    const context = parseFilterContext(input.context);
    const action =
      input.filterAction === undefined ? FilterAction.Warn : parseFilterAction(input.filterAction);
    const expiresAt = parseExpiresIn(input.expiresIn);
    const filter = await this.dataSource.transaction(async (tx) => {
      const saved = await tx
        .getRepository(CustomFilter)
        .save({ accountId: owner.id, phrase: title, context, action, expiresAt });
      await this.applyKeywords(tx, saved, input.keywordsAttributes ?? []);
      return saved;
    });
    await this.notifier.changed(owner.id);
    return this.fetch.ownedWithRules(owner, filter.id);
  }

  async update(
    owner: Pick<Account, 'id'>,
    id: string,
    input: FilterInput,
  ): Promise<FilterWithRules> {
    const filter = await this.fetch.owned(owner, id);
    if (input.title !== undefined) filter.phrase = parseFilterTitle(input.title);
    if (input.context !== undefined) filter.context = parseFilterContext(input.context);
    if (input.filterAction !== undefined) filter.action = parseFilterAction(input.filterAction);
    if (input.expiresIn !== undefined) filter.expiresAt = parseExpiresIn(input.expiresIn);
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(CustomFilter).save(filter);
      await this.applyKeywords(tx, filter, input.keywordsAttributes ?? []);
    });
    await this.notifier.changed(owner.id);
    return this.fetch.ownedWithRules(owner, filter.id);
  }

  async delete(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const filter = await this.fetch.owned(owner, id);
    await this.dataSource.getRepository(CustomFilter).delete({ id: filter.id });
    await this.notifier.changed(owner.id);
  }

  private async applyKeywords(
    tx: EntityManager,
    filter: CustomFilter,
    attributes: KeywordAttributes[],
  ): Promise<void> {
    const repository = tx.getRepository(CustomFilterKeyword);
    for (const entry of attributes) {
      const blank =
        entry.id === undefined && entry.keyword === undefined && entry.wholeWord === undefined;
      if (blank && !entry.destroy) continue; // Rails' reject_if: :all_blank
      if (entry.id === undefined) {
        if (entry.destroy) continue;
        await repository.save({
          customFilterId: filter.id,
          keyword: parseKeyword(entry.keyword),
          wholeWord: entry.wholeWord ?? true,
        });
        continue;
      }
      const existing = isValidId(entry.id)
        ? await repository.findOneBy({ id: entry.id, customFilterId: filter.id })
        : null;
      if (!existing) throw new RecordNotFoundError();
      if (entry.destroy) {
        await repository.delete({ id: existing.id });
        continue;
      }
      if (entry.keyword !== undefined) existing.keyword = parseKeyword(entry.keyword);
      if (entry.wholeWord !== undefined) existing.wholeWord = entry.wholeWord;
      await repository.save(existing);
    }
  }
}
