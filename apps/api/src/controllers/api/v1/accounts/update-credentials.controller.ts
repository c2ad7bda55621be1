import { Body, Controller, Patch, Put, Req } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { UpdateCredentialsInput, UpdateCredentialsService } from '@nestodon/core';
import { AcceptsUploads, ToBoolean } from '@nestodon/http';
import { AccountPresenter, CredentialAccountJson } from '@nestodon/serializers';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import { ProfileParams, profileInput } from './profile-params';

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

/** The profile and the posting defaults (`source`). */
class UpdateCredentialsBody extends ProfileParams {
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
  ) {}

  @Patch()
  @AcceptsUploads()
  @Scopes('write:accounts')
  patch(
    @CurrentAuth() auth: AuthContext,
    @Body() body: UpdateCredentialsBody,
    @Req() req: Request,
  ): Promise<CredentialAccountJson> {
    return this.update(auth, body, req);
  }

  @Put()
  @AcceptsUploads()
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
    const input: UpdateCredentialsInput = {
      ...profileInput(body, req),
      source: body.source && {
        privacy: body.source.privacy,
        sensitive: body.source.sensitive,
        language: body.source.language,
        quotePolicy: body.source.quote_policy,
      },
    };
    const updated = await this.updateCredentials.call(user.account, user, input);
    return this.presenter.presentCredential(updated.account, updated.user);
  }
}
