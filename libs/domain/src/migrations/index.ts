import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { OAuthRolesInvites1763700000001 } from './1763700000001-oauth-roles-invites';
import { AccountStats1763700000002 } from './1763700000002-account-stats';
import { AccountProfiles1763700300000 } from './1763700300000-account-profiles';
import { Relationships1763700400000 } from './1763700400000-relationships';
import { Tags1763700400001 } from './1763700400001-tags';
import { Suggestions1763700400002 } from './1763700400002-suggestions';
import { Statuses1763700500000 } from './1763700500000-statuses';
import { StatusesTags1763700500001 } from './1763700500001-statuses-tags';
import { ListsMarkersFilters1763700600000 } from './1763700600000-lists-markers-filters';
import { NotificationsConversations1763700600001 } from './1763700600001-notifications-conversations';

/** Every migration in order; listed explicitly so compiled code and tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  OAuthRolesInvites1763700000001,
  AccountStats1763700000002,
  AccountProfiles1763700300000,
  Relationships1763700400000,
  Tags1763700400001,
  Suggestions1763700400002,
  Statuses1763700500000,
  StatusesTags1763700500001,
  ListsMarkersFilters1763700600000,
  NotificationsConversations1763700600001,
];
