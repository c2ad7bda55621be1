import { Injectable } from '@nestjs/common';
import { Account, Collection, CollectionRepository, TransactionRunner } from '@nestodon/domain';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import {
  CollectionAttributes,
  collectionChanges,
  MAX_COLLECTION_ITEMS,
  tooManyItems,
} from './collection-rules';
import { FeatureAccountService } from './feature-account.service';

/**
 * POST /api/v1/collections: a new collection of the account's, with the accounts it features
 * from the start (`accountIds`, in order). Discoverable unless said otherwise.
 */
@Injectable()
export class CreateCollectionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly collections: CollectionRepository,
    private readonly tags: FindOrCreateTagsService,
    private readonly feature: FeatureAccountService,
  ) {}

  async call(
    account: Account,
    input: CollectionAttributes & { accountIds?: string[] },
  ): Promise<Collection> {
    const { changes, tagName } = collectionChanges(input, true);
    const accountIds = [...new Set(input.accountIds ?? [])];
    if (accountIds.length > MAX_COLLECTION_ITEMS) throw tooManyItems().toError();
    const id = await this.transactions.run(async (tx) => {
      const [tag] = tagName ? await this.tags.call([tagName], tx) : [];
      const collection = await this.collections.insert(
        {
          sensitive: false,
          discoverable: true,
          language: null,
          ...changes,
          accountId: account.id,
          local: account.domain === null,
          tagId: tag?.id ?? null,
        },
        tx,
      );
      for (const accountId of accountIds) await this.feature.call(collection, accountId, tx);
      return collection.id;
    });
    return (await this.collections.findById(id))!;
  }
}
