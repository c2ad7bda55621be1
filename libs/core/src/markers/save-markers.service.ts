import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  isValidId,
  Marker,
  MARKER_TIMELINES,
  MarkerTimeline,
  User,
  ValidationError,
} from '@nestodon/domain';
import { DataSource, In } from 'typeorm';

/** Someone else moved the marker between our read and write: the client should retry (409). */
export class MarkerConflictError extends DomainError {
  constructor() {
    super('Conflict during update, please try again');
  }
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toMarker = (row: Record<string, unknown>): Marker =>
  Object.assign(
    new Marker(),
    Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])),
  );

/**
 * Reading positions (markers). Saving bumps the version when the position changes, guarded by
 * that version: a concurrent save makes this one fail with MarkerConflictError, as Mastodon's
 * optimistic lock does.
 */
@Injectable()
export class SaveMarkersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(user: Pick<User, 'id'>, timelines: string[]): Promise<Marker[]> {
    const wanted = timelines.filter((t) => (MARKER_TIMELINES as readonly string[]).includes(t));
    if (wanted.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(Marker)
      .find({ where: { userId: user.id, timeline: In(wanted) }, order: { timeline: 'ASC' } });
  }

  /** Saves the positions given (unknown timelines are ignored); returns the saved markers. */
  async save(
    user: Pick<User, 'id'>,
    positions: Partial<Record<MarkerTimeline, string>>,
  ): Promise<Marker[]> {
    const entries = MARKER_TIMELINES.flatMap((timeline) =>
      positions[timeline] === undefined ? [] : [[timeline, positions[timeline]!] as const],
    );
    for (const [timeline, lastReadId] of entries) {
      if (!isValidId(lastReadId)) {
        throw new ValidationError(`Validation failed: ${timeline} last read id must be an id`);
      }
    }
    const saved: Marker[] = [];
    for (const [timeline, lastReadId] of entries) {
      const current = await this.findOrCreate(user.id, timeline);
      saved.push(await this.move(current, lastReadId));
    }
    return saved;
  }

  /** Moves a marker read earlier; fails when its version changed since. */
  async move(marker: Marker, lastReadId: string): Promise<Marker> {
    if (String(marker.lastReadId) === lastReadId) return marker;
    const [rows]: [Array<Record<string, unknown>>, number] = await this.dataSource.query(
      `UPDATE markers SET last_read_id = $2, lock_version = lock_version + 1, updated_at = now()
        WHERE id = $1 AND lock_version = $3
        RETURNING *`,
      [marker.id, lastReadId, marker.lockVersion],
    );
    if (rows.length === 0) throw new MarkerConflictError();
    return toMarker(rows[0]);
  }

  private async findOrCreate(userId: string, timeline: MarkerTimeline): Promise<Marker> {
    await this.dataSource.query(
      `INSERT INTO markers (user_id, timeline) VALUES ($1, $2)
       ON CONFLICT (user_id, timeline) DO NOTHING`,
      [userId, timeline],
    );
    return (await this.dataSource.getRepository(Marker).findOneBy({ userId, timeline }))!;
  }
}
