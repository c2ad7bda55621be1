import { Injectable } from '@nestjs/common';
import {
  DomainError,
  isValidId,
  Marker,
  MARKER_TIMELINES,
  MarkerRepository,
  MarkerTimeline,
  User,
  ValidationError,
} from '@nestodon/domain';

/** Someone else moved the marker between our read and write: the client should retry (409). */
export class MarkerConflictError extends DomainError {
  constructor() {
    super('Conflict during update, please try again');
  }
}

/**
 * Saves reading positions. Saving bumps the version when the position changes, guarded by
 * that version: a concurrent save makes this one fail with MarkerConflictError, as Mastodon's
 * optimistic lock does.
 */
@Injectable()
export class SaveMarkersService {
  constructor(private readonly markers: MarkerRepository) {}

  /** Saves the positions given (unknown timelines are ignored); returns the saved markers. */
  async call(
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
      const current = await this.markers.findOrCreate(user.id, timeline);
      if (String(current.lastReadId) === lastReadId) {
        saved.push(current);
        continue;
      }
      const moved = await this.markers.move(current, lastReadId);
      if (!moved) throw new MarkerConflictError();
      saved.push(moved);
    }
    return saved;
  }
}
