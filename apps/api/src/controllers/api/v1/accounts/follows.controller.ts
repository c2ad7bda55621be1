import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  AccountQueries,
  FollowService,
  RemoveFromFollowersService,
  UnfollowService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ToArray, ToBoolean } from '@nestodon/http';
import { RelationshipJson, RelationshipPresenter } from '@nestodon/serializers';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsISO6391, IsOptional } from 'class-validator';

class FollowBody {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  reblogs?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  notify?: boolean;

  /** ISO 639-1 codes; empty means all languages. */
  @IsOptional()
  @ToArray()
  @Transform(({ value }) =>
    Array.isArray(value) ? value.filter((code) => code !== '' && code !== null) : value,
  )
  @IsArray()
  @ArrayMaxSize(200)
  @IsISO6391({ each: true, message: 'languages must be ISO 639-1 language codes' })
  languages?: string[];
}

/**
 * POST /api/v1/accounts/:id/follow, /unfollow and /remove_from_followers; each answers the
 * Relationship after the change.
 */
@Controller('api/v1/accounts/:id')
export class AccountFollowsController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly follows: FollowService,
    private readonly unfollows: UnfollowService,
    private readonly removals: RemoveFromFollowersService,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Post('follow')
  @HttpCode(200)
  @Scopes('write:follows')
  async follow(
    @Param('id') id: string,
    @Body() body: FollowBody,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.follows.call(viewer, target, {
      reblogs: body.reblogs,
      notify: body.notify,
      languages: body.languages,
      withRateLimit: true,
    });
    return this.relationships.present(viewer.id, target.id);
  }

  @Post('unfollow')
  @HttpCode(200)
  @Scopes('write:follows')
  async unfollow(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.unfollows.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }

  @Post('remove_from_followers')
  @HttpCode(200)
  @Scopes('write:follows')
  async removeFromFollowers(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const follower = await this.accounts.byId(id);
    await this.removals.call(viewer, follower);
    return this.relationships.present(viewer.id, follower.id);
  }
}
