import { Injectable } from '@nestjs/common';
import { Account, EndorsementRepository } from '@nestodon/domain';

/** Stops featuring an account on the viewer's profile (nothing happens when it was not). */
@Injectable()
export class UnendorseAccountService {
  constructor(private readonly endorsements: EndorsementRepository) {}

  call(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    return this.endorsements.deleteEndorsement(account.id, target.id);
  }
}
