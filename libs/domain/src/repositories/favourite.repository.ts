import { Injectable } from '@nestjs/common';
import { Transaction } from '../transactions';

/** Favourites of statuses, added and removed at most once (the counter follows in the same transaction). */
@Injectable()
export class FavouriteRepository {
  /** Adds the favourite; its id, or null when it was there already. */
  async insert(accountId: string, statusId: string, tx: Transaction): Promise<string | null> {
    const inserted = (await tx.query(
      `INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)
       ON CONFLICT (account_id, status_id) DO NOTHING RETURNING id`,
      [accountId, statusId],
    )) as Array<{ id: string }>;
    return inserted.length > 0 ? String(inserted[0].id) : null;
  }

  /** Removes the favourite; false when there was none. */
  /** The id the deleted favourite had, or null when there was none. */
  async delete(accountId: string, statusId: string, tx: Transaction): Promise<string | null> {
    const [deleted] = (await tx.query(
      `DELETE FROM favourites WHERE account_id = $1 AND status_id = $2 RETURNING id`,
      [accountId, statusId],
    )) as [Array<{ id: string }>, number];
    return deleted[0]?.id ?? null;
  }
}
