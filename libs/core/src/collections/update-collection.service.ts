import { Injectable } from '@nestjs/common';
import {
  Account,
  Collection,
  CollectionRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
  TransactionRunner,
} from '@nestodon/domain';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import { CollectionAttributes, collectionChanges } from './collection-rules';

/**
 * PATCH /api/v1/collections/:id: its owner renames, describes, re-tags or re-flags it (the
 * items change through their own routes). Others get a 403, unknown collections a 404.
 */
@Injectable()
export class UpdateCollectionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly collections: CollectionRepository,
    private readonly tags: FindOrCreateTagsService,
  ) {}

  async call(account: Account, id: string, input: CollectionAttributes): Promise<Collection> {
    const { changes, tagName } = collectionChanges(input, false);
    if (!isValidId(id)) throw new RecordNotFoundError();
    await this.transactions.run(async (tx) => {
      const collection = await this.collections.lock(id, tx);
      if (!collection) throw new RecordNotFoundError();
      if (collection.accountId !== account.id) throw new NotPermittedError();
      if (tagName !== undefined) {
        const [tag] = tagName ? await this.tags.call([tagName], tx) : [];
        changes.tagId = tag?.id ?? null;
      }
      if (Object.keys(changes).length > 0) await this.collections.update(id, changes, tx);
    });
    return (await this.collections.findById(id))!;
  }
}
