import { Injectable } from '@nestjs/common';
import { UserRepository, userState, UserWithAccount } from '@nestodon/domain';

/** Whether a user may keep a web session (not disabled, not suspended, confirmed, approved). */
function canUseSession(user: UserWithAccount): boolean {
  return userState(user) === 'functional' && !user.account.suspendedAt && !user.account.memorial;
}

/** Reads of the user behind a web session (sign-in and OAuth authorization pages). */
@Injectable()
export class SessionUserQueries {
  constructor(private readonly users: UserRepository) {}

  /** The user a web session names, if that user may still use it. */
  async find(id: string): Promise<UserWithAccount | null> {
    if (!/^\d{1,19}$/.test(id)) return null;
    const user = await this.users.findSignedIn(id);
    return user && canUseSession(user) ? user : null;
  }
}
