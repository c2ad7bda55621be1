import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import type { TagHistoryDay, TagHistorySource } from '@nestodon/serializers';

const DAY_SECONDS = 24 * 3600;
export const TAG_HISTORY_DAYS = 7;

/** Midnight UTC of the day containing `time` (ms), in seconds. */
export const dayStart = (time: number) => Math.floor(time / 1000 / DAY_SECONDS) * DAY_SECONDS;

/**
 * Daily use counts of hashtags (the `history` of the Tag entity), in Redis: uses are a counter,
 * accounts a HyperLogLog, both kept a little longer than the seven days shown. The statuses
 * code records a use when a post with the tag is created.
 */
@Injectable()
export class TagHistory implements TagHistorySource {
  constructor(private readonly redis: RedisService) {}

  async record(tagId: string, accountId: string, at = Date.now()): Promise<void> {
    const day = dayStart(at);
    const key = `activity:tags:${tagId}:${day}`;
    const expireAt = day + (TAG_HISTORY_DAYS + 1) * DAY_SECONDS;
    await this.redis.client
      .multi()
      .incr(key)
      .expireat(key, expireAt)
      .pfadd(`${key}:accounts`, accountId)
      .expireat(`${key}:accounts`, expireAt)
      .exec();
  }

  /** Seven days per tag, newest first, in one round trip whatever the number of tags. */
  async history(tagIds: string[], now = Date.now()): Promise<Map<string, TagHistoryDay[]>> {
    const ids = [...new Set(tagIds.filter((id) => id !== ''))];
    const days = Array.from(
      { length: TAG_HISTORY_DAYS },
      (_, i) => dayStart(now) - i * DAY_SECONDS,
    );
    const result = new Map<string, TagHistoryDay[]>();
    if (ids.length === 0) return result;
    const pipeline = this.redis.client.pipeline();
    for (const id of ids) {
      for (const day of days) {
        pipeline.get(`activity:tags:${id}:${day}`);
        pipeline.pfcount(`activity:tags:${id}:${day}:accounts`);
      }
    }
    const replies = (await pipeline.exec()) ?? [];
    const value = (index: number) => String(Number(replies[index]?.[1] ?? 0));
    ids.forEach((id, t) => {
      result.set(
        id,
        days.map((day, d) => {
          const base = (t * TAG_HISTORY_DAYS + d) * 2;
          return { day: String(day), uses: value(base), accounts: value(base + 1) };
        }),
      );
    });
    return result;
  }
}
