import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Mastodon's limit on a private note about an account. */
export const MAX_ACCOUNT_NOTE_LENGTH = 2000;

/**
 * Sets the viewer's private note on an account; a blank comment deletes it. Length counts
 * characters (code points), not bytes.
 */
@Injectable()
export class SetAccountNoteService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async set(
    account: Pick<Account, 'id'>,
    target: Pick<Account, 'id'>,
    comment: string | null | undefined,
  ): Promise<string | null> {
    const text = comment ?? '';
    if (text.trim() === '') {
      await this.dataSource.query(
        `DELETE FROM account_notes WHERE account_id = $1 AND target_account_id = $2`,
        [account.id, target.id],
      );
      return null;
    }
    if ([...text].length > MAX_ACCOUNT_NOTE_LENGTH) {
      throw new ValidationError(
        `Validation failed: Comment is too long (maximum is ${MAX_ACCOUNT_NOTE_LENGTH} characters)`,
        {
          comment: [
            {
              error: 'ERR_TOO_LONG',
              description: `is too long (maximum is ${MAX_ACCOUNT_NOTE_LENGTH} characters)`,
            },
          ],
        },
      );
    }
    await this.dataSource.query(
      `INSERT INTO account_notes (account_id, target_account_id, comment) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, target_account_id)
       DO UPDATE SET comment = EXCLUDED.comment, updated_at = now()`,
      [account.id, target.id, text],
    );
    return text;
  }
}
