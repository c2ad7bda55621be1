import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AccountQueries } from '@nestodon/core';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { ToArray } from '@nestodon/http';
import { AccountPresenter, FamiliarFollowersJson } from '@nestodon/serializers';
import { IsArray, IsOptional, IsString } from 'class-validator';

class FamiliarFollowersQuery {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  id?: string[];
}

/**
 * GET /api/v1/accounts/familiar_followers?id[]=: for each account, the accounts the viewer
 * follows that also follow it. Suspended and unknown accounts are left out; followers hiding
 * their network are not revealed. A fixed number of queries whatever the number of ids.
 */
@Controller('api/v1/accounts/familiar_followers')
export class FamiliarFollowersController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly lists: RelationshipListsRepository,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:follows')
  async index(
    @Query() query: FamiliarFollowersQuery,
    @CurrentAccount() viewer: Account,
  ): Promise<FamiliarFollowersJson[]> {
    const targets = (await this.accounts.byIds(query.id ?? [])).filter(
      (account) => account.suspendedAt === null,
    );
    const familiar = await this.lists.familiarFollowers(
      viewer.id,
      targets.map((account) => account.id),
    );
    const followers = [...familiar.values()].flat();
    const rendered = await this.presenter.presentMany(followers);
    let next = 0;
    return targets.map((target) => ({
      id: target.id,
      accounts: (familiar.get(target.id) ?? []).map(() => rendered[next++]),
    }));
  }
}
