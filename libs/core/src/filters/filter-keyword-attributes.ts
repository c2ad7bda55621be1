import {
  CustomFilter,
  CustomFilterRepository,
  isValidId,
  RecordNotFoundError,
  Transaction,
} from '@nestodon/domain';
import { parseKeyword } from './filter-rules';

export interface KeywordAttributes {
  id?: string;
  keyword?: string;
  wholeWord?: boolean;
  destroy?: boolean;
}

/**
 * Rails-style keywords_attributes of a v2 filter request: entries without id are created,
 * with id updated, with _destroy removed; all-blank entries are skipped (reject_if).
 */
export async function applyKeywordAttributes(
  filters: CustomFilterRepository,
  filter: CustomFilter,
  attributes: KeywordAttributes[],
  tx: Transaction,
): Promise<void> {
  for (const entry of attributes) {
    const blank =
      entry.id === undefined && entry.keyword === undefined && entry.wholeWord === undefined;
    if (blank && !entry.destroy) continue; // Rails' reject_if: :all_blank
    if (entry.id === undefined) {
      if (entry.destroy) continue;
      await filters.saveKeyword(
        {
          customFilterId: filter.id,
          keyword: parseKeyword(entry.keyword),
          wholeWord: entry.wholeWord ?? true,
        },
        tx,
      );
      continue;
    }
    const existing = isValidId(entry.id)
      ? await filters.keywordOfFilter(entry.id, filter.id, tx)
      : null;
    if (!existing) throw new RecordNotFoundError();
    if (entry.destroy) {
      await filters.deleteKeyword(existing.id, tx);
      continue;
    }
    if (entry.keyword !== undefined) existing.keyword = parseKeyword(entry.keyword);
    if (entry.wholeWord !== undefined) existing.wholeWord = entry.wholeWord;
    await filters.saveKeyword(existing, tx);
  }
}
