import { Injectable } from '@nestjs/common';
import {
  Account,
  CollectionRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
} from '@nestodon/domain';

/** DELETE /api/v1/collections/:id: its owner deletes it with its items. */
@Injectable()
export class DeleteCollectionService {
  constructor(private readonly collections: CollectionRepository) {}

  async call(account: Account, id: string): Promise<void> {
    const collection = isValidId(id) ? await this.collections.findById(id) : null;
    if (!collection) throw new RecordNotFoundError();
    if (collection.accountId !== account.id) throw new NotPermittedError();
    await this.collections.delete(collection.id);
  }
}
