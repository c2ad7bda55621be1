import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  Collection,
  CollectionItem,
  CollectionItemState,
  CollectionRepository,
  NotPermittedError,
  RecordNotFoundError,
  Transaction,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import { canFeature } from '@nestodon/policies';
import { isAccountId } from '../accounts/account-queries';
import { MAX_COLLECTION_ITEMS, tooManyItems } from './collection-rules';

export const CANNOT_BE_FEATURED = 'This account cannot be added to collections';

/**
 * Adds an account to a locked collection of its owner, in the caller's transaction (creating a
 * collection with accounts, or adding one): unknown accounts are 404, accounts the owner may
 * not feature 403 (libs/policies canFeature), a full collection 422. Local accounts are
 * featured at once, remote ones wait for their approval. An account already in it stays as it
 * is.
 */
@Injectable()
export class FeatureAccountService {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly accounts: AccountRepository,
    private readonly relations: ViewerRelationsRepository,
  ) {}

  async call(
    collection: Collection,
    accountId: string,
    tx: Transaction,
  ): Promise<CollectionItem | null> {
    const account = isAccountId(accountId) ? await this.accounts.findById(accountId, tx) : null;
    if (!account) throw new RecordNotFoundError();
    const relations = {
      viewerId: collection.accountId,
      ...(await this.relations.load(collection.accountId, { accountIds: [account.id] }, tx)),
    };
    if (!canFeature(account, relations)) throw new NotPermittedError(CANNOT_BE_FEATURED);
    if ((await this.collections.countItems(collection.id, tx)) >= MAX_COLLECTION_ITEMS) {
      throw tooManyItems().toError();
    }
    return this.collections.addItem(collection.id, account.id, stateFor(account), tx);
  }
}

const stateFor = (account: Account) =>
  account.domain === null ? CollectionItemState.Accepted : CollectionItemState.Pending;
