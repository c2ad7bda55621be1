import { Injectable } from '@nestjs/common';
import {
  Account,
  CollectionRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
  TransactionRunner,
} from '@nestodon/domain';

/** DELETE /api/v1/collections/:collection_id/items/:id: the owner takes an item out. */
@Injectable()
export class RemoveCollectionItemService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly collections: CollectionRepository,
  ) {}

  async call(account: Account, collectionId: string, itemId: string): Promise<void> {
    if (!isValidId(collectionId) || !isValidId(itemId)) throw new RecordNotFoundError();
    await this.transactions.run(async (tx) => {
      const collection = await this.collections.lock(collectionId, tx);
      if (!collection) throw new RecordNotFoundError();
      if (collection.accountId !== account.id) throw new NotPermittedError();
      if (!(await this.collections.removeItem(collection.id, itemId, tx))) {
        throw new RecordNotFoundError();
      }
    });
  }
}
