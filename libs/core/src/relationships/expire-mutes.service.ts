import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const SWEEP_BATCH = 1000;

/**
 * Deletes mutes whose time is up: the one a job was scheduled for, if it really expired (a
 * re-mute may have extended it), and up to a thousand others that a lost job left behind.
 * Returns how many mutes ended.
 */
@Injectable()
export class ExpireMutesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async expire(muteId?: string): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM mutes WHERE id IN (
         (SELECT id FROM mutes WHERE id = $1::bigint AND expires_at <= now())
         UNION
         (SELECT id FROM mutes WHERE expires_at <= now() ORDER BY expires_at LIMIT $2))`,
      [muteId ?? null, SWEEP_BATCH],
    );
    return count;
  }
}
