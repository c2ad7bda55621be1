import { Injectable } from '@nestjs/common';
import { Counters } from '@nestodon/platform';
import type { TagHistoryDay, TagHistorySource } from '@nestodon/serializers';

const DAY_SECONDS = 24 * 3600;
export const TAG_HISTORY_DAYS = 7;

/** Midnight UTC of the day containing `time` (ms), in seconds. */
export const dayStart = (time: number) => Math.floor(time / 1000 / DAY_SECONDS) * DAY_SECONDS;

/**
 * Daily use counts of hashtags (the `history` of the Tag entity): uses are a counter, accounts
 * a distinct count, both kept a little longer than the seven days shown. The statuses
 * code records a use when a post with the tag is created.
 */
@Injectable()
export class TagHistory implements TagHistorySource {
  constructor(private readonly counters: Counters) {}

  async record(tagId: string, accountId: string, at = Date.now()): Promise<void> {
    const day = dayStart(at);
    const key = `activity:tags:${tagId}:${day}`;
    const expiresAt = (day + (TAG_HISTORY_DAYS + 1) * DAY_SECONDS) * 1000;
    await Promise.all([
      this.counters.increment(key, expiresAt),
      this.counters.addDistinct(`${key}:accounts`, accountId, expiresAt),
    ]);
  }

  /** Seven days per tag, newest first, in two reads whatever the number of tags. */
  async history(tagIds: string[], now = Date.now()): Promise<Map<string, TagHistoryDay[]>> {
    const ids = [...new Set(tagIds.filter((id) => id !== ''))];
    const days = Array.from(
      { length: TAG_HISTORY_DAYS },
      (_, i) => dayStart(now) - i * DAY_SECONDS,
    );
    const result = new Map<string, TagHistoryDay[]>();
    if (ids.length === 0) return result;
    const keys = ids.flatMap((id) => days.map((day) => `activity:tags:${id}:${day}`));
    const [uses, accounts] = await Promise.all([
      this.counters.counts(keys),
      this.counters.distinctCounts(keys.map((key) => `${key}:accounts`)),
    ]);
    ids.forEach((id, t) => {
      result.set(
        id,
        days.map((day, d) => {
          const index = t * TAG_HISTORY_DAYS + d;
          return { day: String(day), uses: String(uses[index]), accounts: String(accounts[index]) };
        }),
      );
    });
    return result;
  }
}
