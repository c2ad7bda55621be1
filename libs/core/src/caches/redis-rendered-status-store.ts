import { Logger } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import { RenderedStatusStore } from '@nestodon/serializers';

/**
 * How long a rendered status is kept: the statuses read most are recent ones, and a key that
 * moved (an edit, a new avatar) is never read again.
 */
const RENDERED_STATUS_TTL_SECONDS = 3600;

/** Rendered statuses in Redis: one MGET a page, writes pipelined and not waited for. */
export class RedisRenderedStatusStore implements RenderedStatusStore {
  private readonly logger = new Logger(RedisRenderedStatusStore.name);

  constructor(private readonly redis: RedisService) {}

  /** Nothing found while Redis is away: statuses are rendered, as without the cache. */
  read(keys: string[]): Promise<Array<string | null>> {
    return this.redis.client.mget(keys).catch((error: unknown) => {
      this.logger.warn(`rendered statuses not read: ${String(error)}`);
      return keys.map(() => null);
    });
  }

  write(entries: Array<[key: string, value: string]>): void {
    const pipeline = this.redis.client.pipeline();
    for (const [key, value] of entries) pipeline.set(key, value, 'EX', RENDERED_STATUS_TTL_SECONDS);
    pipeline
      .exec()
      .catch((error: unknown) => this.logger.warn(`rendered statuses not kept: ${String(error)}`));
  }
}
