import { ToBoolean } from '@nestodon/http';
import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

const Text = () =>
  Transform(({ value }: { value: unknown }) => (value === null ? undefined : value));

/** name, description, language, sensitive, discoverable and tag_name (PATCH takes these). */
export class CollectionParams {
  @IsOptional()
  @Text()
  @IsString()
  @MaxLength(100_000)
  name?: string;

  @IsOptional()
  @Text()
  @IsString()
  @MaxLength(100_000)
  description?: string;

  @IsOptional()
  @Text()
  @IsString()
  @MaxLength(16)
  language?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  sensitive?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  discoverable?: boolean;

  @IsOptional()
  @Text()
  @IsString()
  @MaxLength(1000)
  tag_name?: string;
}

/** POST /api/v1/collections also takes the accounts to feature (`account_ids[]`). */
export class CreateCollectionParams extends CollectionParams {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' || value === null || value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value]).map((id) =>
          typeof id === 'number' ? String(id) : id,
        ),
  )
  @IsArray()
  @IsString({ each: true })
  account_ids?: string[];
}

/** The offset paging of collection lists (Mastodon's `offset` and `limit`, 40 by default). */
export function offsetPage(query: Record<string, unknown>): { offset: number; limit: number } {
  const number = (value: unknown, fallback: number) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : fallback;
  const limit = Math.min(Math.max(number(query.limit, 40), 1), 80);
  return { offset: number(query.offset, 0), limit };
}
