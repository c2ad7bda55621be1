import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { EphemeralStateRepository } from '@nestodon/domain';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Without Redis, deletes expired rows of the ephemeral tables every ten minutes in each
 * process (reads ignore them already; this keeps the tables small). Several processes purging
 * at once only find less to delete.
 */
@Injectable()
export class EphemeralPurge implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EphemeralPurge.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly state: EphemeralStateRepository,
  ) {}

  onModuleInit(): void {
    if (this.config.redis.enabled) return;
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS).unref();
  }

  async purge(): Promise<void> {
    try {
      await this.state.purgeExpired();
    } catch (error) {
      this.logger.warn(`expired ephemeral rows not purged: ${String(error)}`);
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
