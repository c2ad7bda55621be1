import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Mute } from '../entities/mute.entity';
import { Transaction } from '../transactions';
import { deletePair } from './account-pairs';
import { EntityRowMapper } from './raw-rows';

/** Rows of `mutes`. A mute whose `expires_at` has passed is over even before it is deleted. */
@Injectable()
export class MuteRepository {
  private readonly mutes: EntityRowMapper<Mute>;

  constructor(private readonly dataSource: DataSource) {
    this.mutes = new EntityRowMapper(dataSource, Mute, 'mutes');
  }

  /**
   * Inserts the mute or replaces the existing one's settings. `durationSeconds` 0: until
   * unmuted; otherwise it ends that long from now (the database's clock).
   */
  async upsertMute(
    accountId: string,
    targetAccountId: string,
    hideNotifications: boolean,
    durationSeconds: number,
    tx?: Transaction,
  ): Promise<Mute> {
    const [row]: Array<Record<string, unknown>> = await (tx ?? this.dataSource.manager).query(
      `INSERT INTO mutes (account_id, target_account_id, hide_notifications, expires_at)
       VALUES ($1, $2, $3, CASE WHEN $4::bigint > 0 THEN now() + make_interval(secs => $4::bigint) END)
       ON CONFLICT (account_id, target_account_id) DO UPDATE SET
         hide_notifications = EXCLUDED.hide_notifications,
         expires_at = EXCLUDED.expires_at,
         updated_at = now()
       RETURNING ${this.mutes.select}`,
      [accountId, targetAccountId, hideNotifications, durationSeconds],
    );
    return this.mutes.buildRecord(row);
  }

  /** Whether there was a mute to delete. */
  deleteMute(accountId: string, targetAccountId: string, tx?: Transaction): Promise<boolean> {
    return deletePair(tx ?? this.dataSource.manager, 'mutes', accountId, targetAccountId);
  }

  /**
   * Deletes mute `muteId` if it has expired, and up to `batch` other expired mutes; returns
   * how many were deleted.
   */
  async deleteExpired(muteId: string | null, batch: number, tx?: Transaction): Promise<number> {
    const [, count]: [unknown[], number] = await (tx ?? this.dataSource.manager).query(
      `DELETE FROM mutes WHERE id IN (
         (SELECT id FROM mutes WHERE id = $1::bigint AND expires_at <= now())
         UNION
         (SELECT id FROM mutes WHERE expires_at <= now() ORDER BY expires_at LIMIT $2))`,
      [muteId, batch],
    );
    return count;
  }
}
