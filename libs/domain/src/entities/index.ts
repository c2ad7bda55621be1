import { Account } from './account.entity';
import { AccountStat } from './account-stat.entity';
import { Invite } from './invite.entity';
import { OAuthAccessGrant } from './oauth-access-grant.entity';
import { OAuthAccessToken } from './oauth-access-token.entity';
import { OAuthApplication } from './oauth-application.entity';
import { Rule } from './rule.entity';
import { User, userState } from './user.entity';
import { UserRole } from './user-role.entity';

export {
  Account,
  AccountStat,
  Invite,
  OAuthAccessGrant,
  OAuthAccessToken,
  OAuthApplication,
  Rule,
  User,
  UserRole,
  userState,
};
export type { AccountField, ActorType } from './account.entity';

export const ENTITIES = [
  Account,
  AccountStat,
  User,
  UserRole,
  Rule,
  OAuthApplication,
  OAuthAccessGrant,
  OAuthAccessToken,
  Invite,
];
