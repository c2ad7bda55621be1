import { Injectable } from '@nestjs/common';
import { Account, MuteRepository } from '@nestodon/domain';

/** Ends a mute now (a pending expiry job then finds nothing to do). */
@Injectable()
export class UnmuteService {
  constructor(private readonly mutes: MuteRepository) {}

  call(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    return this.mutes.deleteMute(source.id, target.id);
  }
}
