import { Injectable } from '@nestjs/common';
import {
  Account,
  CollectionItemState,
  CollectionRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
} from '@nestodon/domain';

/**
 * POST /api/v1/collections/:collection_id/items/:id/revoke: the featured account withdraws
 * its consent (Mastodon's RevokeCollectionItemService): the item stays, `revoked`, without its
 * account. Only that account may; unknown items are 404.
 */
@Injectable()
export class RevokeCollectionItemService {
  constructor(private readonly collections: CollectionRepository) {}

  async call(account: Account, collectionId: string, itemId: string): Promise<void> {
    if (!isValidId(collectionId) || !isValidId(itemId)) throw new RecordNotFoundError();
    const item = await this.collections.findItem(collectionId, itemId);
    if (!item) throw new RecordNotFoundError();
    if (item.accountId !== account.id) throw new NotPermittedError();
    await this.collections.setItemState(item.id, CollectionItemState.Revoked);
  }
}
