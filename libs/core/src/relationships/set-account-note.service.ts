import { Injectable } from '@nestjs/common';
import { Account, AccountNoteRepository, ValidationError } from '@nestodon/domain';

/** Mastodon's limit on a private note about an account. */
export const MAX_ACCOUNT_NOTE_LENGTH = 2000;

/**
 * Sets the viewer's private note on an account; a blank comment deletes it. Length counts
 * characters (code points), not bytes.
 */
@Injectable()
export class SetAccountNoteService {
  constructor(private readonly notes: AccountNoteRepository) {}

  async call(
    account: Pick<Account, 'id'>,
    target: Pick<Account, 'id'>,
    comment: string | null | undefined,
  ): Promise<string | null> {
    const text = comment ?? '';
    if (text.trim() === '') {
      await this.notes.deleteNote(account.id, target.id);
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
    await this.notes.upsertNote(account.id, target.id, text);
    return text;
  }
}
