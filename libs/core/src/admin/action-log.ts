import { Injectable } from '@nestjs/common';
import { AccountWarningRepository, Transaction } from '@nestodon/domain';
import { Moderator } from './moderator';

/** A record an action is logged against, with Mastodon's type name. */
export interface LoggedTarget {
  type: 'Account' | 'User' | 'Report' | 'AccountWarning' | 'DomainBlock' | 'DomainAllow';
  id: string;
  /** How it reads in the log (a username, a domain), kept if the record goes. */
  name: string;
}

/** Writes the staff audit log (Mastodon's Admin::ActionLog), in the action's transaction. */
@Injectable()
export class ActionLog {
  constructor(private readonly warnings: AccountWarningRepository) {}

  record(moderator: Moderator, action: string, target: LoggedTarget, tx?: Transaction) {
    return this.warnings.insertLog(
      {
        accountId: moderator.account.id,
        action,
        targetType: target.type,
        targetId: target.id,
        humanIdentifier: target.name,
      },
      tx,
    );
  }
}
