import { Injectable } from '@nestjs/common';
import { Account, Mute, MuteRepository, ValidationError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { RelationshipEffects } from '../feeds/relationship-effects';

export interface MuteOptions {
  /** Hide their notifications too (default true). */
  notifications?: boolean;
  /** Seconds until the mute ends by itself; 0 or absent: until unmuted. */
  duration?: number;
}

/** The longest timed mute (about 68 years); longer ones are simply permanent. */
export const MAX_MUTE_DURATION_SECONDS = 2 ** 31 - 1;

/**
 * Mutes an account, or updates the existing mute (muting again replaces its notification
 * setting and duration). A timed mute gets a delayed job that deletes it when it ends; until
 * the job runs, every read already treats it as ended. Muting yourself does nothing.
 */
@Injectable()
export class MuteService {
  constructor(
    private readonly mutes: MuteRepository,
    private readonly jobs: JobQueue,
    private readonly effects: RelationshipEffects,
  ) {}

  async call(
    source: Pick<Account, 'id'>,
    target: Pick<Account, 'id'>,
    options: MuteOptions = {},
  ): Promise<Mute | null> {
    if (source.id === target.id) return null;
    const duration = options.duration ?? 0;
    if (!Number.isInteger(duration) || duration < 0 || duration > MAX_MUTE_DURATION_SECONDS) {
      throw new ValidationError(
        `Validation failed: Duration must be a whole number of seconds between 0 and ${MAX_MUTE_DURATION_SECONDS}`,
      );
    }
    const mute = await this.mutes.upsertMute(
      source.id,
      target.id,
      options.notifications ?? true,
      duration,
    );
    if (mute.expiresAt) {
      const expiresAt = new Date(mute.expiresAt);
      await this.jobs.enqueue(
        JobName.ExpireMute,
        { muteId: String(mute.id) },
        {
          delay: Math.max(0, expiresAt.getTime() - Date.now()),
          jobId: `mute-${mute.id}-${expiresAt.getTime()}`,
        },
      );
    }
    await this.effects.muted(source.id, target.id);
    return mute;
  }
}
