import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, List, RepliesPolicy, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import {
  ListInput,
  MAX_LISTS_PER_ACCOUNT,
  parseRepliesPolicy,
  validateListTitle,
} from './list-rules';

/** Creates a list: a title is required, at most 50 lists per account. */
@Injectable()
export class CreateListService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(owner: Pick<Account, 'id'>, input: ListInput): Promise<List> {
    const title = validateListTitle(input.title);
    const repliesPolicy =
      input.repliesPolicy === undefined
        ? RepliesPolicy.List
        : parseRepliesPolicy(input.repliesPolicy);
    return this.dataSource.transaction(async (tx) => {
      // Serialises concurrent creations by the same account so the cap holds.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lists'), hashtext($1))`, [owner.id]);
      const [{ count }]: Array<{ count: number }> = await tx.query(
        `SELECT count(*)::int AS count FROM lists WHERE account_id = $1`,
        [owner.id],
      );
      if (count >= MAX_LISTS_PER_ACCOUNT) {
        throw new ValidationError(
          'Validation failed: You have reached the maximum number of lists',
        );
      }
      return tx.getRepository(List).save({
        accountId: owner.id,
        title,
        repliesPolicy,
        exclusive: input.exclusive ?? false,
      });
    });
  }
}
