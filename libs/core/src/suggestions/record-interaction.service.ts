import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(
    accountId: string,
    targetAccountId: string,
    kind: InteractionKind,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (String(accountId) === String(targetAccountId)) return;
    await manager.query(
      `INSERT INTO account_interactions (account_id, target_account_id, score, last_interacted_at)
       VALUES ($1, $2, $3, now())
       ON CONFLICT (account_id, target_account_id) DO UPDATE SET
         score = CASE
           WHEN account_interactions.last_interacted_at < now() - make_interval(days => $4)
           THEN EXCLUDED.score ELSE account_interactions.score + EXCLUDED.score END,
         last_interacted_at = now(),
         updated_at = now()`,
      [accountId, targetAccountId, INTERACTION_WEIGHTS[kind], INTERACTION_WINDOW_DAYS],
    );
  }
}
