import { Body, Controller, Get, Req } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { UpdateCredentialsService } from '@nestodon/core';
import { ToBoolean, Update } from '@nestodon/http';
import { AccountPresenter, ProfileJson } from '@nestodon/serializers';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { ProfileParams, profileInput } from './accounts/profile-params';

class ProfileBody extends ProfileParams {
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  avatar_description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10000)
  header_description?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  show_media?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  show_media_replies?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  show_featured?: boolean;
}

/**
 * GET and PATCH /api/v1/profile (Mastodon 4.6): the signed-in user's profile as they edit it
 * (raw note and fields, image descriptions, which tabs show) rather than as others see it.
 */
@Controller('api/v1/profile')
export class ProfileController {
  constructor(
    private readonly updateCredentials: UpdateCredentialsService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('profile', 'read:accounts')
  show(@CurrentAuth() auth: AuthContext): ProfileJson {
    return this.presenter.presentProfile(auth.user!.account);
  }

  @Update()
  @Scopes('write:accounts')
  async update(
    @CurrentAuth() auth: AuthContext,
    @Body() body: ProfileBody,
    @Req() req: Request,
  ): Promise<ProfileJson> {
    const user = auth.user!;
    const updated = await this.updateCredentials.call(user.account, user, {
      ...profileInput(body, req),
      avatarDescription: body.avatar_description,
      headerDescription: body.header_description,
      showMedia: body.show_media,
      showMediaReplies: body.show_media_replies,
      showFeatured: body.show_featured,
    });
    return this.presenter.presentProfile(updated.account);
  }
}
