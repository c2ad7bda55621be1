import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Poll } from '../entities/poll.entity';
import { Transaction } from '../transactions';
import { queryPrepared } from './raw-rows';

/** The options, settings and end of a poll, as posting and editing store them. */
export interface PollFields {
  options: string[];
  multiple: boolean;
  hideTotals: boolean;
  expiresAt: Date;
}

/**
 * A poll as its remote server publishes it: options, the counts it has, and its end (null
 * when open without end). Counts are the origin's, replacing ours.
 */
export interface RemotePollFields {
  options: string[];
  tallies: number[];
  multiple: boolean;
  expiresAt: Date | null;
  votersCount: number | null;
}

const remotePollColumns = (fields: RemotePollFields) => ({
  options: fields.options,
  cachedTallies: fields.tallies,
  multiple: fields.multiple,
  expiresAt: fields.expiresAt,
  votesCount: fields.tallies.reduce((sum, tally) => sum + tally, 0),
  votersCount: fields.votersCount,
  lastFetchedAt: new Date(),
});

/** Polls and votes. Tallies change only in SQL, so they stay exact under concurrency. */
@Injectable()
export class PollRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(id: string, tx?: Transaction): Promise<Poll | null> {
    return (tx ?? this.dataSource.manager).getRepository(Poll).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<Poll[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(Poll).findBy({ id: In(ids) });
  }

  /** A new poll of a status, without votes. */
  insert(accountId: string, statusId: string, fields: PollFields, tx: Transaction): Promise<Poll> {
    return tx.getRepository(Poll).save({
      accountId,
      statusId,
      ...fields,
      cachedTallies: fields.options.map(() => 0),
      votesCount: 0,
      votersCount: 0,
    });
  }

  /** A remote status's poll, with the counts its server gave. */
  insertRemote(
    accountId: string,
    statusId: string,
    fields: RemotePollFields,
    tx: Transaction,
  ): Promise<Poll> {
    return tx.getRepository(Poll).save({ accountId, statusId, ...remotePollColumns(fields) });
  }

  /**
   * A remote poll as its server now publishes it: new counts and end; when its options
   * changed, it is another poll and the votes cast here are gone.
   */
  async refreshRemote(pollId: string, fields: RemotePollFields, tx: Transaction): Promise<void> {
    const poll = await tx.getRepository(Poll).findOneBy({ id: pollId });
    if (!poll) return;
    const sameOptions =
      poll.multiple === fields.multiple &&
      poll.options.length === fields.options.length &&
      poll.options.every((option, index) => option === fields.options[index]);
    if (!sameOptions) await tx.query(`DELETE FROM poll_votes WHERE poll_id = $1`, [pollId]);
    await tx.update(Poll, { id: pollId }, remotePollColumns(fields));
  }

  /** New options and end of a poll (reopened); with `resetVotes` its votes are gone. */
  async update(
    pollId: string,
    fields: PollFields,
    resetVotes: boolean,
    tx: Transaction,
  ): Promise<void> {
    if (resetVotes) await tx.query(`DELETE FROM poll_votes WHERE poll_id = $1`, [pollId]);
    await tx.update(
      Poll,
      { id: pollId },
      {
        ...fields,
        closedAt: null,
        ...(resetVotes
          ? { cachedTallies: fields.options.map(() => 0), votesCount: 0, votersCount: 0 }
          : {}),
      },
    );
  }

  async delete(pollId: string, tx: Transaction): Promise<void> {
    await tx.delete(Poll, { id: pollId });
  }

  /** Locks a poll for voting; its end, or null when it is gone. */
  async lockForVote(pollId: string, tx: Transaction): Promise<{ expiresAt: Date | null } | null> {
    const [locked] = (await tx.query(`SELECT expires_at FROM polls WHERE id = $1 FOR UPDATE`, [
      pollId,
    ])) as Array<{ expires_at: Date | null }>;
    return locked ? { expiresAt: locked.expires_at } : null;
  }

  async hasVoted(pollId: string, accountId: string, tx: Transaction): Promise<boolean> {
    const rows = (await tx.query(
      `SELECT 1 FROM poll_votes WHERE poll_id = $1 AND account_id = $2 LIMIT 1`,
      [pollId, accountId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The options (indexes) the account chose in the poll so far. */
  async choicesOf(pollId: string, accountId: string, tx: Transaction): Promise<number[]> {
    const rows = (await tx.query(
      `SELECT choice FROM poll_votes WHERE poll_id = $1 AND account_id = $2 ORDER BY choice`,
      [pollId, accountId],
    )) as Array<{ choice: number }>;
    return rows.map((row) => row.choice);
  }

  /**
   * Records the account's votes (option indexes) and counts them in the tallies, and the
   * account among the voters unless it voted before (`newVoter` false: a remote voter's
   * further choice, each sent apart). `uri`: the remote vote's ActivityPub id.
   */
  async recordVotes(
    pollId: string,
    accountId: string,
    choices: number[],
    tx: Transaction,
    vote: { uri?: string; newVoter?: boolean } = {},
  ): Promise<void> {
    await tx.query(
      `INSERT INTO poll_votes (poll_id, account_id, choice, uri)
       SELECT $1, $2, unnest($3::int[]), $4`,
      [pollId, accountId, choices, vote.uri ?? null],
    );
    for (const choice of choices) {
      await tx.query(
        `UPDATE polls SET cached_tallies[$2::int] = COALESCE(cached_tallies[$2::int], 0) + 1
          WHERE id = $1`,
        [pollId, choice + 1],
      );
    }
    await tx.query(
      `UPDATE polls SET votes_count = votes_count + $2,
                        voters_count = COALESCE(voters_count, 0) + $3,
                        updated_at = now()
        WHERE id = $1`,
      [pollId, choices.length, vote.newVoter === false ? 0 : 1],
    );
  }

  /** Closes the poll when its end has passed and it is still open; true when it closed now. */
  async closeIfEnded(pollId: string): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE polls SET closed_at = now(), updated_at = now()
        WHERE id = $1 AND closed_at IS NULL AND expires_at IS NOT NULL AND expires_at <= now()
        RETURNING id`,
      [pollId],
    )) as [Array<{ id: string }>, number];
    return rows.length > 0;
  }

  /** Open polls whose end has passed, the longest overdue first. */
  async overdueIds(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text AS id FROM polls
        WHERE closed_at IS NULL AND expires_at IS NOT NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** Local accounts that voted in a poll, but `exceptAccountId`. */
  async localVoterIds(pollId: string, exceptAccountId: string): Promise<string[]> {
    const rows: Array<{ account_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT v.account_id::text FROM poll_votes v
         JOIN accounts a ON a.id = v.account_id AND a.domain IS NULL
        WHERE v.poll_id = $1 AND v.account_id <> $2`,
      [pollId, exceptAccountId],
    );
    return rows.map((row) => row.account_id);
  }

  /** The viewer's choices in each of these polls, keyed by poll id (a hot read path). */
  async ownVotes(viewerId: string, pollIds: string[]): Promise<Map<string, number[]>> {
    const votes = new Map<string, number[]>();
    if (pollIds.length === 0) return votes;
    const rows: Array<{ poll_id: string; choice: number }> = await queryPrepared(
      this.dataSource,
      `SELECT poll_id::text AS poll_id, choice FROM poll_votes
        WHERE account_id = $1 AND poll_id = ANY($2::bigint[]) ORDER BY choice`,
      [viewerId, pollIds],
    );
    for (const row of rows) votes.set(row.poll_id, [...(votes.get(row.poll_id) ?? []), row.choice]);
    return votes;
  }
}
