import { Injectable } from '@nestjs/common';
import { AccountInteractionRepository, Transaction } from '@nestodon/domain';

/** How much each kind of interaction counts towards suggesting the other account. */
export const INTERACTION_WEIGHTS = { reply: 1, favourite: 10, reblog: 20 } as const;
export type InteractionKind = keyof typeof INTERACTION_WEIGHTS;

/** A pair idle this long starts again from zero: suggestions rank *recent* interactions. */
export const INTERACTION_WINDOW_DAYS = 90;

/**
 * The input of interaction-ranked suggestions. The statuses code calls it when an account
 * replies to (1), favourites (10) or reblogs (20) a post of another account; the score of the
 * pair accumulates in account_interactions. Interactions with yourself are ignored.
 */
@Injectable()
export class RecordInteractionService {
  constructor(private readonly interactions: AccountInteractionRepository) {}

  async call(
    accountId: string,
    targetAccountId: string,
    kind: InteractionKind,
    tx?: Transaction,
  ): Promise<void> {
    if (String(accountId) === String(targetAccountId)) return;
    await this.interactions.addScore(
      accountId,
      targetAccountId,
      INTERACTION_WEIGHTS[kind],
      INTERACTION_WINDOW_DAYS,
      tx,
    );
  }
}
