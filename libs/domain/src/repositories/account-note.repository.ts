import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';
import { deletePair } from './account-pairs';

/** Private notes (`account_notes`) an account keeps about others. */
@Injectable()
export class AccountNoteRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the note, replacing the existing one. */
  async upsertNote(
    accountId: string,
    targetAccountId: string,
    comment: string,
    tx?: Transaction,
  ): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO account_notes (account_id, target_account_id, comment) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, target_account_id)
       DO UPDATE SET comment = EXCLUDED.comment, updated_at = now()`,
      [accountId, targetAccountId, comment],
    );
  }

  /** Whether there was a note to delete. */
  deleteNote(accountId: string, targetAccountId: string, tx?: Transaction): Promise<boolean> {
    return deletePair(tx ?? this.dataSource.manager, 'account_notes', accountId, targetAccountId);
  }
}
