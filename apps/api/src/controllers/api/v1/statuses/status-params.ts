import { AuthContext } from '@nestodon/auth';
import { PollInput, UploadedFile } from '@nestodon/core';
import { Account, ValidationError } from '@nestodon/domain';
import { ToArray, ToBoolean, ToInteger } from '@nestodon/http';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
  IsObject,
} from 'class-validator';
import type { Request } from 'express';
import { nestedList } from '../../../../support/nested-list';

/** The reading account, or null for anonymous requests and app tokens. */
export const viewerOf = (auth: AuthContext | undefined): Account | null =>
  auth?.user?.account ?? null;

/** '' and null mean "not given", as Rails treats blank parameters. */
const Blank = () =>
  Transform(({ value }: { value: unknown }) =>
    value === '' || value === null ? undefined : value,
  );

/** Ids may arrive as JSON numbers; they are kept as strings. */
const IdString = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' ? String(value) : value === '' || value === null ? undefined : value,
  );

const IdList = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null || value === '') return undefined;
    const list = Array.isArray(value)
      ? value
      : typeof value === 'object'
        ? Object.values(value as object)
        : [value];
    return list
      .filter((item) => item !== '' && item !== null)
      .map((item) => (typeof item === 'number' ? String(item) : item));
  });

/** poll[options][], poll[expires_in], poll[multiple], poll[hide_totals]. */
export class PollParams {
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(1000, { each: true })
  options: string[];

  @ToInteger()
  @IsInt()
  expires_in: number;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  multiple?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  hide_totals?: boolean;
}

const toPoll = ({ value }: { value: unknown }) =>
  value === undefined || value === null || value === ''
    ? undefined
    : typeof value === 'object' && !Array.isArray(value)
      ? plainToInstance(PollParams, value)
      : value;

/** Fields shared by posting and editing. */
class StatusContentParams {
  @IsOptional()
  @Blank()
  @IsString()
  @MaxLength(100_000)
  status?: string;

  @IsOptional()
  @Blank()
  @IsString()
  @MaxLength(10_000)
  spoiler_text?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  sensitive?: boolean;

  @IsOptional()
  @Blank()
  @IsString()
  @MaxLength(16)
  language?: string;

  @IsOptional()
  @IdList()
  @IsArray()
  @IsString({ each: true })
  media_ids?: string[];

  @IsOptional()
  @Transform(toPoll)
  @IsObject({ message: 'poll must have options and expires_in' })
  @ValidateNested()
  @Type(() => PollParams)
  poll?: PollParams;
}

/** POST /api/v1/statuses */
export class CreateStatusParams extends StatusContentParams {
  @IsOptional()
  @IdString()
  @IsString()
  in_reply_to_id?: string;

  @IsOptional()
  @Blank()
  @IsString()
  visibility?: string;

  @IsOptional()
  @Blank()
  @IsString()
  scheduled_at?: string;

  @IsOptional()
  @IdString()
  @IsString()
  quoted_status_id?: string;

  @IsOptional()
  @Blank()
  @IsString()
  quote_approval_policy?: string;

  /** Account ids the text may mention (`allowed_mentions[]`). */
  @IsOptional()
  @IdList()
  @IsArray()
  @IsString({ each: true })
  allowed_mentions?: string[];
}

export class MediaAttributeParams {
  @IdString()
  @IsString()
  id: string;

  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  focus?: string;
}

/**
 * Preview images sent with an edit, by media id: multipart files named
 * `media_attributes[N][thumbnail]` belong to the entry N of `media_attributes`.
 */
export function mediaAttributeThumbnails(req: Request): Map<string, UploadedFile> {
  const thumbnails = new Map<string, UploadedFile>();
  const entries = (req.body as Record<string, unknown>).media_attributes;
  if (!entries || typeof entries !== 'object') return thumbnails;
  for (const file of Array.isArray(req.files) ? req.files : []) {
    const index = /^media_attributes\[(\d+)\]\[thumbnail\]$/.exec(file.fieldname)?.[1];
    const entry = index === undefined ? undefined : (entries as Record<string, unknown>)[index];
    const id = entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined;
    if (typeof id === 'string' || typeof id === 'number') thumbnails.set(String(id), file);
  }
  return thumbnails;
}

const toMediaAttributes = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  return nestedList(value, MediaAttributeParams);
};

/** PUT /api/v1/statuses/:id */
export class UpdateStatusParams extends StatusContentParams {
  @IsOptional()
  @Transform(toMediaAttributes)
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MediaAttributeParams)
  media_attributes?: MediaAttributeParams[];
}

export function pollInput(poll: PollParams | undefined): PollInput | null {
  if (!poll) return null;
  return {
    options: poll.options,
    expiresIn: poll.expires_in,
    multiple: poll.multiple ?? false,
    hideTotals: poll.hide_totals ?? false,
  };
}

/** An ISO 8601 time (`scheduled_at`), or a 422. */
export function parseTime(value: string | undefined, field: string): Date | null {
  if (value === undefined) return null;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(time.getTime())) {
    throw new ValidationError(`Validation failed: ${field} is not a valid time`, {
      [field]: [{ error: 'ERR_INVALID', description: 'is not a valid time' }],
    });
  }
  return time;
}
