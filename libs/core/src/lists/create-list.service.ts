import { Injectable } from '@nestjs/common';
import {
  Account,
  List,
  ListRepository,
  RepliesPolicy,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import {
  ListInput,
  MAX_LISTS_PER_ACCOUNT,
  parseRepliesPolicy,
  validateListTitle,
} from './list-rules';

/** Creates a list: a title is required, at most 50 lists per account. */
@Injectable()
export class CreateListService {
  constructor(
    private readonly lists: ListRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async call(owner: Pick<Account, 'id'>, input: ListInput): Promise<List> {
    const title = validateListTitle(input.title);
    const repliesPolicy =
      input.repliesPolicy === undefined
        ? RepliesPolicy.List
        : parseRepliesPolicy(input.repliesPolicy);
    return this.transactions.run(async (tx) => {
      // Concurrent creations by the same account wait for each other, so the cap holds.
      await this.lists.lockListsOf(owner.id, tx);
      if ((await this.lists.countListsOf(owner.id, tx)) >= MAX_LISTS_PER_ACCOUNT) {
        throw new ValidationError(
          'Validation failed: You have reached the maximum number of lists',
        );
      }
      return this.lists.saveList(
        { accountId: owner.id, title, repliesPolicy, exclusive: input.exclusive ?? false },
        tx,
      );
    });
  }
}
