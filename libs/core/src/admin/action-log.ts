import { Injectable } from '@nestjs/common';
import { AccountWarningRepository, Transaction } from '@nestodon/domain';
import { Moderator } from './moderator';

/** A record an action is logged against, with Mastodon's type name. */
export interface LoggedTarget {
  type:
    | 'Account'
    | 'User'
    | 'Report'
    | 'AccountWarning'
    | 'DomainBlock'
    | 'DomainAllow'
    | 'EmailDomainBlock'
    | 'CanonicalEmailBlock'
    | 'IpBlock'
    | 'UserRole';
  id: string;
  /** How it reads in the log (a username, a domain), kept if the record goes. */
  name: string;
}

/**
 * Writes the staff audit log (Mastodon's Admin::ActionLog), in the action's transaction; the
 * operator CLI acts as nobody (`null`).
 */
@Injectable()
export class ActionLog {
  constructor(private readonly warnings: AccountWarningRepository) {}

  record(moderator: Moderator | null, action: string, target: LoggedTarget, tx?: Transaction) {
    return this.warnings.insertLog(
      {
        accountId: moderator?.account.id ?? null,
        action,
        targetType: target.type,
        targetId: target.id,
        humanIdentifier: target.name,
      },
      tx,
    );
  }
}
