import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  AccountQueries,
  MAX_MUTE_DURATION_SECONDS,
  MuteService,
  UnmuteService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ToBoolean, ToInteger } from '@nestodon/http';
import { RelationshipJson, RelationshipPresenter } from '@nestodon/serializers';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';

class MuteBody {
  /** Hide their notifications too (default true). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  notifications?: boolean;

  /** Seconds until the mute ends; 0 (the default) means never. */
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(MAX_MUTE_DURATION_SECONDS)
  duration?: number;
}

/** POST /api/v1/accounts/:id/mute and /unmute; each answers the Relationship. */
@Controller('api/v1/accounts/:id')
export class AccountMutesController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly mutes: MuteService,
    private readonly unmutes: UnmuteService,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Post('mute')
  @HttpCode(200)
  @Scopes('write:mutes')
  async mute(
    @Param('id') id: string,
    @Body() body: MuteBody,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.mutes.call(viewer, target, {
      notifications: body.notifications,
      duration: body.duration,
    });
    return this.relationships.present(viewer.id, target.id);
  }

  @Post('unmute')
  @HttpCode(200)
  @Scopes('write:mutes')
  async unmute(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.unmutes.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }
}
