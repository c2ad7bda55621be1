import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Marker, MarkerTimeline } from '../entities/marker.entity';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** Reading positions, one per user and timeline, versioned for optimistic locking. */
@Injectable()
export class MarkerRepository {
  private readonly rows: EntityRowMapper<Marker>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, Marker, 'm');
  }

  /** The user's markers of these timelines, by timeline name. */
  ofTimelines(userId: string, timelines: MarkerTimeline[]): Promise<Marker[]> {
    return this.dataSource
      .getRepository(Marker)
      .find({ where: { userId, timeline: In(timelines) }, order: { timeline: 'ASC' } });
  }

  /** Id of the last item read in the timeline, or '0' when the user has no marker. */
  async lastReadId(userId: string, timeline: MarkerTimeline): Promise<string> {
    const marker = await this.dataSource.getRepository(Marker).findOneBy({ userId, timeline });
    return marker ? String(marker.lastReadId) : '0';
  }

  /** The user's marker of the timeline, created at the start when missing. */
  async findOrCreate(userId: string, timeline: MarkerTimeline): Promise<Marker> {
    await this.dataSource.query(
      `INSERT INTO markers (user_id, timeline) VALUES ($1, $2)
       ON CONFLICT (user_id, timeline) DO NOTHING`,
      [userId, timeline],
    );
    return this.dataSource.getRepository(Marker).findOneByOrFail({ userId, timeline });
  }

  /**
   * Moves a marker and bumps its version, provided the version is still the one read with
   * it; null when another save got there first.
   */
  async move(marker: Marker, lastReadId: string): Promise<Marker | null> {
    const [row] = await queryPreparedArrays(
      this.dataSource,
      `UPDATE markers AS m
          SET last_read_id = $2, lock_version = m.lock_version + 1, updated_at = now()
        WHERE m.id = $1 AND m.lock_version = $3
        RETURNING ${this.rows.select}`,
      [marker.id, lastReadId, marker.lockVersion],
    );
    return row ? this.rows.build(row, 0) : null;
  }
}
