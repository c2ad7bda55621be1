import { Body, Controller, Patch, Put, Req } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { FieldInput, UpdateCredentialsInput, UpdateCredentialsService } from '@nestodon/core';
import { User } from '@nestodon/domain';
import { ToBoolean } from '@nestodon/http';
import { AccountPresenter, CredentialAccountJson } from '@nestodon/serializers';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
  ValidateIf,
} from 'class-validator';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
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

class SourceBody {
  @IsOptional()
  @IsString()
  privacy?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  sensitive?: boolean;

  @IsOptional()
  @IsString()
  language?: string;

  @IsOptional()
  @IsString()
  quote_policy?: string;
}

/** `fields_attributes` arrives as a list or as a hash keyed "0".."3" (Rails forms). */
const toFieldList = ({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (value === '') return [];
  return nestedList(value, FieldBody);
};

class UpdateCredentialsBody {
  // null is not "leave unchanged" but a bad value, hence ValidateIf rather than IsOptional.
  @ValidateIf((body: UpdateCredentialsBody) => body.display_name !== undefined)
  @IsString()
  @MaxLength(10000)
  display_name?: string;

  @ValidateIf((body: UpdateCredentialsBody) => body.note !== undefined)
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

  /** An empty `source` (or `source=`) changes nothing. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsObject()
  @ValidateNested()
  @Type(() => SourceBody)
  source?: SourceBody;
}

/**
 * PATCH (and PUT) /api/v1/accounts/update_credentials: profile text, images (multipart files
 * `avatar` and `header`), flags, fields and posting defaults. Returns the CredentialAccount.
 */
@Controller('api/v1/accounts/update_credentials')
export class UpdateCredentialsController {
  constructor(
    private readonly updateCredentials: UpdateCredentialsService,
    private readonly presenter: AccountPresenter,
    private readonly dataSource: DataSource,
  ) {}

  @Patch()
  @Scopes('write:accounts')
  patch(
    @CurrentAuth() auth: AuthContext,
    @Body() body: UpdateCredentialsBody,
    @Req() req: Request,
  ): Promise<CredentialAccountJson> {
    return this.update(auth, body, req);
  }

  @Put()
  @Scopes('write:accounts')
  put(
    @CurrentAuth() auth: AuthContext,
    @Body() body: UpdateCredentialsBody,
    @Req() req: Request,
  ): Promise<CredentialAccountJson> {
    return this.update(auth, body, req);
  }

  private async update(
    auth: AuthContext,
    body: UpdateCredentialsBody,
    req: Request,
  ): Promise<CredentialAccountJson> {
    const user = auth.user!;
    const files = Array.isArray(req.files) ? req.files : [];
    const file = (name: string) => files.find((f) => f.fieldname === name);
    const input: UpdateCredentialsInput = {
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
      source: body.source && {
        privacy: body.source.privacy,
        sensitive: body.source.sensitive,
        language: body.source.language,
        quotePolicy: body.source.quote_policy,
      },
    };
    const account = await this.updateCredentials.call(user.account, user, input);
    const freshUser = await this.dataSource.getRepository(User).findOne({
      where: { id: user.id },
      relations: { role: true },
    });
    return this.presenter.presentCredential(account, freshUser ?? user);
  }
}
