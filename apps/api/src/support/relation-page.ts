import { PageLinks } from '@nestodon/http';

/**
 * Link header cursors for a page of relation rows (follows, blocks, mutes, …), newest first:
 * `next` (older) when the page is full, `prev` (newer) whenever it has rows, as Mastodon's
 * paginate_by_max_id controllers do. The ids are relation row ids, not account ids.
 */
export function relationPageLinks(rows: Array<{ rowId: string }>, limit: number): PageLinks {
  return {
    nextMaxId: rows.length === limit ? rows[rows.length - 1].rowId : null,
    prevMinId: rows.length > 0 ? rows[0].rowId : null,
  };
}

/** The same cursors for a page of records paged by their own id (admin lists). */
export function idPageLinks(
  rows: Array<{ id: string }>,
  limit: number,
  keep?: string[],
): PageLinks {
  return {
    ...relationPageLinks(
      rows.map((row) => ({ rowId: String(row.id) })),
      limit,
    ),
    keep,
  };
}
