import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  AddCollectionItemService,
  RemoveCollectionItemService,
  RevokeCollectionItemService,
} from '@nestodon/core';
import { Account, ValidationError } from '@nestodon/domain';
import { CollectionItemJson, serializeCollectionItem } from '@nestodon/serializers';

/**
 * The items of a collection (Mastodon 4.6): its owner adds an account (`account_id`) and takes
 * an item out; the featured account revokes its own item.
 */
@Controller('api/v1/collections/:collection_id/items')
export class CollectionItemsController {
  constructor(
    private readonly adder: AddCollectionItemService,
    private readonly remover: RemoveCollectionItemService,
    private readonly revoker: RevokeCollectionItemService,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:collections')
  async create(
    @CurrentAccount() account: Account,
    @Param('collection_id') collectionId: string,
    @Body('account_id') accountId: unknown,
  ): Promise<{ collection_item: CollectionItemJson }> {
    const id = typeof accountId === 'number' ? String(accountId) : accountId;
    if (typeof id !== 'string' || id.trim() === '') {
      throw new ValidationError('`account_id` parameter is missing');
    }
    const item = await this.adder.call(account, collectionId, id);
    return { collection_item: serializeCollectionItem(item) };
  }

  @Delete(':id')
  @Scopes('write:collections')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('collection_id') collectionId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.remover.call(account, collectionId, id);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @Scopes('write:collections')
  async revoke(
    @CurrentAccount() account: Account,
    @Param('collection_id') collectionId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.revoker.call(account, collectionId, id);
  }
}
