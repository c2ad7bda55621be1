import { Injectable } from '@nestjs/common';
import {
  Account,
  CollectionItem,
  CollectionRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
  TransactionRunner,
} from '@nestodon/domain';
import { FeatureAccountService } from './feature-account.service';

/**
 * POST /api/v1/collections/:collection_id/items: the owner features one more account (see
 * FeatureAccountService); an account already in it answers its existing item.
 */
@Injectable()
export class AddCollectionItemService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly collections: CollectionRepository,
    private readonly feature: FeatureAccountService,
  ) {}

  async call(account: Account, collectionId: string, accountId: string): Promise<CollectionItem> {
    if (!isValidId(collectionId)) throw new RecordNotFoundError();
    return this.transactions.run(async (tx) => {
      const collection = await this.collections.lock(collectionId, tx);
      if (!collection) throw new RecordNotFoundError();
      if (collection.accountId !== account.id) throw new NotPermittedError();
      const added = await this.feature.call(collection, accountId, tx);
      if (added) return added;
      const items = (await this.collections.items([collection.id])).get(collection.id) ?? [];
      return items.find((item) => item.accountId === accountId)!;
    });
  }
}
