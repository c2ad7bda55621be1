import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  Poll,
  RecordNotFoundError,
  Status,
  ValidationError,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { inStatusTransaction } from './status-transaction';
import { StatusVisibilityService } from './status-visibility.service';

const ERRORS = {
  expired: 'Validation failed: The poll has already ended',
  invalid: 'Validation failed: The chosen vote option does not exist',
  self: 'Validation failed: You cannot vote in your own polls',
  already: 'Validation failed: You have already voted on this poll',
  none: 'Validation failed: Choices must not be empty',
} as const;

/**
 * Votes in a poll of a status the account can see: choices by option index, one for
 * single-choice polls; no voting twice, after the end, or in one's own poll. The poll row is
 * locked while voting, and counters change in SQL, so tallies stay exact.
 */
@Injectable()
export class VoteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(
    account: Account,
    pollId: string,
    choices: number[],
  ): Promise<{ poll: Poll; status: Status }> {
    const { poll, status } = await this.findVisiblePoll(pollId, account);
    const unique = [...new Set(choices)];
    if (unique.length === 0) throw new ValidationError(ERRORS.none);
    if (
      unique.some(
        (choice) => !Number.isInteger(choice) || choice < 0 || choice >= poll.options.length,
      )
    ) {
      throw new ValidationError(ERRORS.invalid);
    }
    if (poll.accountId === account.id) throw new ValidationError(ERRORS.self);
    if (!poll.multiple && unique.length > 1) throw new ValidationError(ERRORS.already);

    await inStatusTransaction(this.dataSource, async (manager) => {
      const [locked] = (await manager.query(
        `SELECT expires_at FROM polls WHERE id = $1 FOR UPDATE`,
        [poll.id],
      )) as Array<{ expires_at: Date | null }>;
      if (!locked) throw new RecordNotFoundError();
      if (locked.expires_at && locked.expires_at <= new Date()) {
        throw new ValidationError(ERRORS.expired);
      }
      const existing = (await manager.query(
        `SELECT 1 FROM poll_votes WHERE poll_id = $1 AND account_id = $2 LIMIT 1`,
        [poll.id, account.id],
      )) as unknown[];
      if (existing.length > 0) throw new ValidationError(ERRORS.already);
      await manager.query(
        `INSERT INTO poll_votes (poll_id, account_id, choice) SELECT $1, $2, unnest($3::int[])`,
        [poll.id, account.id, unique],
      );
      for (const choice of unique) {
        await manager.query(
          `UPDATE polls SET cached_tallies[$2::int] = COALESCE(cached_tallies[$2::int], 0) + 1
            WHERE id = $1`,
          [poll.id, choice + 1],
        );
      }
      await manager.query(
        `UPDATE polls SET votes_count = votes_count + $2,
                          voters_count = COALESCE(voters_count, 0) + 1,
                          updated_at = now()
          WHERE id = $1`,
        [poll.id, unique.length],
      );
    });
    return {
      poll: (await this.dataSource.getRepository(Poll).findOneBy({ id: poll.id }))!,
      status,
    };
  }

  /** A poll whose status the viewer can see (404 otherwise, anonymous viewers included). */
  async findVisiblePoll(
    pollId: string,
    viewer: { id: string } | null,
  ): Promise<{ poll: Poll; status: Status }> {
    if (!isValidId(pollId)) throw new RecordNotFoundError();
    const poll = await this.dataSource.getRepository(Poll).findOneBy({ id: pollId });
    if (!poll?.statusId) throw new RecordNotFoundError();
    const { status } = await this.visibility.findVisible(poll.statusId, viewer);
    if (status.pollId !== poll.id) throw new RecordNotFoundError();
    return { poll, status };
  }
}
