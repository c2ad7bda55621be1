import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  CustomFilter,
  CustomFilterKeyword,
  FilterAction,
  ValidationError,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FetchFiltersService } from './fetch-filters.service';
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
 * The deprecated v1 filters: each is one keyword of a v2 filter. Creating makes a filter
 * titled with the phrase; updating changes the keyword, and the filter's settings only when
 * that keyword is its only one (Mastodon refuses otherwise). Deleting removes the keyword.
 */
@Injectable()
export class SaveFilterV1Service {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fetch: FetchFiltersService,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async create(
    owner: Pick<Account, 'id'>,
    input: FilterV1Input,
  ): Promise<{ filter: CustomFilter; keyword: CustomFilterKeyword }> {
    const phrase = parseKeyword(input.phrase);
    const context = parseFilterContext(input.context);
    const expiresAt = parseExpiresIn(input.expiresIn);
    const result = await this.dataSource.transaction(async (tx) => {
      const filter = await tx.getRepository(CustomFilter).save({
        accountId: owner.id,
        phrase,
        context,
        action: input.irreversible ? FilterAction.Hide : FilterAction.Warn,
        expiresAt,
      });
      const keyword = await tx.getRepository(CustomFilterKeyword).save({
        customFilterId: filter.id,
        keyword: phrase,
        wholeWord: input.wholeWord ?? true,
      });
      return { filter, keyword };
    });
    await this.notifier.changed(owner.id);
    return result;
  }

  async update(
    owner: Pick<Account, 'id'>,
    id: string,
    input: FilterV1Input,
  ): Promise<{ filter: CustomFilter; keyword: CustomFilterKeyword }> {
    const { filter, keyword } = await this.fetch.keyword(owner, id);
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
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(CustomFilterKeyword).save(keyword);
      if (!filterChanged) return;
      const [{ count }]: Array<{ count: number }> = await tx.query(
        `SELECT count(*)::int AS count FROM custom_filter_keywords WHERE custom_filter_id = $1`,
        [filter.id],
      );
      if (count > 1) {
        throw new ValidationError(
          'These parameters cannot be changed from this application because they apply to more than one filter keyword. Use a more recent application or the web interface.',
        );
      }
      await tx.getRepository(CustomFilter).save(filter);
    });
    await this.notifier.changed(owner.id);
    return { filter, keyword };
  }
}
