import { Account, User, UserRole } from '@nestodon/domain';
import { RoleFacts } from '@nestodon/policies';

/** The staff member acting: their account and the role their permissions come from. */
export interface Moderator {
  account: Account;
  role: RoleFacts;
}

/** A signed-in user as a moderator; without a role they rank as the everyone role (-1). */
export function moderatorOf(user: User & { account: Account; role?: UserRole | null }): Moderator {
  return {
    account: user.account,
    role: { permissions: user.role?.permissions ?? '0', position: user.role?.position ?? -1 },
  };
}
