import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { BlockService, AccountQueries, UnblockService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { RelationshipJson, RelationshipPresenter } from '@nestodon/serializers';

/** POST /api/v1/accounts/:id/block and /unblock; each answers the Relationship. */
@Controller('api/v1/accounts/:id')
export class AccountBlocksController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly blocks: BlockService,
    private readonly unblocks: UnblockService,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Post('block')
  @HttpCode(200)
  @Scopes('write:blocks')
  async block(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.blocks.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }

  @Post('unblock')
  @HttpCode(200)
  @Scopes('write:blocks')
  async unblock(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.unblocks.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }
}
