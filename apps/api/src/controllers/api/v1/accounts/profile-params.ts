import { FieldInput, UpdateCredentialsInput } from '@nestodon/core';
import { ToBoolean } from '@nestodon/http';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { Request } from 'express';
import { nestedList } from '../../../../support/nested-list';

class FieldBody {
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10000)
  value?: string;
}

/**
 * `fields_attributes` arrives as a list or as a hash keyed "0".."3" (Rails forms). Anything
 * else (a scalar such as the text `undefined` some clients send for "unset", or scalar items)
 * is ignored, as Rails' strong parameters drop what does not fit the permitted shape.
 */
const toFieldList = ({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (value === '') return [];
  if (typeof value !== 'object') return undefined;
  const list = nestedList(value, FieldBody) as unknown[];
  return list.filter((item) => item !== null && typeof item === 'object');
};

/**
 * The profile's text, flags and fields, as PATCH /api/v1/accounts/update_credentials and
 * PATCH /api/v1/profile both take them (images come as the multipart files `avatar` and
 * `header`).
 */
export class ProfileParams {
  // null is not "leave unchanged" but a bad value, hence ValidateIf rather than IsOptional.
  @ValidateIf((body: ProfileParams) => body.display_name !== undefined)
  @IsString()
  @MaxLength(10000)
  display_name?: string;

  @ValidateIf((body: ProfileParams) => body.note !== undefined)
  @IsString()
  @MaxLength(100000)
  note?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  locked?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  bot?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  discoverable?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  indexable?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  hide_collections?: boolean;

  @IsOptional()
  @Transform(toFieldList)
  @IsArray()
  @ValidateNested({ each: true })
  fields_attributes?: FieldBody[];

  /** `attribution_domains[]`; an empty value clears the list. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' ? [] : typeof value === 'string' ? [value] : value,
  )
  @IsArray()
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  attribution_domains?: string[];
}

/** What both profile routes change, with the uploaded images. */
export function profileInput(body: ProfileParams, req: Request): UpdateCredentialsInput {
  const files = Array.isArray(req.files) ? req.files : [];
  const file = (name: string) => files.find((f) => f.fieldname === name);
  return {
    displayName: body.display_name,
    note: body.note,
    avatar: file('avatar'),
    header: file('header'),
    locked: body.locked,
    bot: body.bot,
    discoverable: body.discoverable,
    indexable: body.indexable,
    hideCollections: body.hide_collections,
    fields: body.fields_attributes?.map((field): FieldInput => ({
      name: field.name,
      value: field.value,
    })),
    attributionDomains: body.attribution_domains,
  };
}
