import { Injectable } from '@nestjs/common';
import { MuteRepository } from '@nestodon/domain';

const SWEEP_BATCH = 1000;

/**
 * Deletes mutes whose time is up: the one a job was scheduled for, if it really expired (a
 * re-mute may have extended it), and up to a thousand others that a lost job left behind.
 * Returns how many mutes ended.
 */
@Injectable()
export class ExpireMutesService {
  constructor(private readonly mutes: MuteRepository) {}

  call(muteId?: string): Promise<number> {
    return this.mutes.deleteExpired(muteId ?? null, SWEEP_BATCH);
  }
}
