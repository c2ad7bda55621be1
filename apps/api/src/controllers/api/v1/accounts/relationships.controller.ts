import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AccountQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ToArray, ToBoolean } from '@nestodon/http';
import { RelationshipJson, RelationshipPresenter } from '@nestodon/serializers';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';

class RelationshipsQuery {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  id?: string[];

  /** Include suspended accounts (left out by default). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  with_suspended?: boolean;
}

/**
 * GET /api/v1/accounts/relationships?id[]=: the viewer's Relationship with each account, in
 * the order asked, duplicates, unknown and malformed ids left out. Two queries whatever the
 * number of ids (the accounts, then every relation at once).
 */
@Controller('api/v1/accounts/relationships')
export class AccountRelationshipsController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Get()
  @Scopes('read:follows')
  async index(
    @Query() query: RelationshipsQuery,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson[]> {
    const accounts = await this.accounts.byIds(query.id ?? []);
    const shown = query.with_suspended
      ? accounts
      : accounts.filter((account) => account.suspendedAt === null);
    return this.relationships.presentMany(
      viewer.id,
      shown.map((account) => account.id),
    );
  }
}
