import { Injectable } from '@nestjs/common';
import { Marker, MARKER_TIMELINES, MarkerRepository, MarkerTimeline, User } from '@nestodon/domain';

/** A user's reading positions. */
@Injectable()
export class MarkerQueries {
  constructor(private readonly markers: MarkerRepository) {}

  /** The markers of the timelines asked for (unknown names are ignored). */
  find(user: Pick<User, 'id'>, timelines: string[]): Promise<Marker[]> {
    const wanted = timelines.filter((timeline): timeline is MarkerTimeline =>
      (MARKER_TIMELINES as readonly string[]).includes(timeline),
    );
    if (wanted.length === 0) return Promise.resolve([]);
    return this.markers.ofTimelines(user.id, wanted);
  }
}
