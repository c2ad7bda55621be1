import { Account } from './account.entity';
import { AccountStat } from './account-stat.entity';
import { Invite } from './invite.entity';
import { OAuthAccessGrant } from './oauth-access-grant.entity';
import { OAuthAccessToken } from './oauth-access-token.entity';
import { OAuthApplication } from './oauth-application.entity';
import { Rule } from './rule.entity';
import { User, userState } from './user.entity';
import { UserRole } from './user-role.entity';
import { AccountDomainBlock } from './account-domain-block.entity';
import { AccountInteraction } from './account-interaction.entity';
import { AccountNote } from './account-note.entity';
import { AccountPin } from './account-pin.entity';
import { Block } from './block.entity';
import { FeaturedTag } from './featured-tag.entity';
import { Follow } from './follow.entity';
import { FollowRecommendationSuppression } from './follow-recommendation-suppression.entity';
import { FollowRequest } from './follow-request.entity';
import { Mute } from './mute.entity';
import { RecommendedAccount } from './recommended-account.entity';
import { Tag } from './tag.entity';
import { TagFollow } from './tag-follow.entity';

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
// Relationships, tags and suggestions.
export {
  AccountDomainBlock,
  AccountInteraction,
  AccountNote,
  AccountPin,
  Block,
  FeaturedTag,
  Follow,
  FollowRecommendationSuppression,
  FollowRequest,
  Mute,
  RecommendedAccount,
  Tag,
  TagFollow,
};

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
  Follow,
  FollowRequest,
  Block,
  Mute,
  AccountDomainBlock,
  AccountNote,
  AccountPin,
  Tag,
  FeaturedTag,
  TagFollow,
  FollowRecommendationSuppression,
  AccountInteraction,
  RecommendedAccount,
];
