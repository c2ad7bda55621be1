/** max_id / since_id / min_id / limit over a row id column, as Mastodon's paginate_by_id. */
export interface IdPage {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

/**
 * Appends the page's conditions on `column` to `conditions` (binding values into `params`) and
 * returns the ORDER BY/LIMIT tail. With min_id the window just above the cursor is read in
 * ascending order; `reverse` says the caller must flip the rows to keep newest first. `limit`
 * is the placeholder bound to the page size, for queries that need it elsewhere too.
 */
export function idPageSql(
  column: string,
  page: IdPage,
  conditions: string[],
  params: unknown[],
): { tail: string; reverse: boolean; limit: string } {
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (page.maxId) conditions.push(`${column} < ${bind(page.maxId)}::bigint`);
  if (page.sinceId) conditions.push(`${column} > ${bind(page.sinceId)}::bigint`);
  if (page.minId) conditions.push(`${column} > ${bind(page.minId)}::bigint`);
  const reverse = Boolean(page.minId);
  const limit = bind(page.limit);
  return { tail: `ORDER BY ${column} ${reverse ? 'ASC' : 'DESC'} LIMIT ${limit}`, reverse, limit };
}
