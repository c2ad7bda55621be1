import { Type } from '@nestjs/common';
import { AccountCollectionsController } from './api/v1/accounts/collections.controller';
import { AccountIdentityProofsController } from './api/v1/accounts/identity-proofs.controller';
import { AnnualReportsController } from './api/v1/annual-reports.controller';
import { AsyncRefreshesController } from './api/v1-alpha/async-refreshes.controller';
import { CollectionsController } from './api/v1/collections.controller';
import { CollectionItemsController } from './api/v1/collections/items.controller';
import { DomainBlockPreviewController } from './api/v1/domain-blocks/preview.controller';
import { DonationCampaignsController } from './api/v1/donation-campaigns.controller';
import { OutgoingFollowRequestsController } from './api/v1/follow-requests/outgoing.controller';
import { InstanceTranslationLanguagesController } from './api/v1/instance/translation-languages.controller';
import { ProfileController } from './api/v1/profile.controller';
import { StatusTranslationsController } from './api/v1/statuses/translations.controller';
import { ManifestController } from './manifest.controller';
import { StatusInteractionPolicyController } from './api/v1/statuses/interaction-policy.controller';
import { StatusQuotesController } from './api/v1/statuses/quotes.controller';
import { AuthorizedApplicationsController } from './oauth/authorized-applications.controller';
import { TokenInfoController } from './oauth/token-info.controller';

/**
 * Client compatibility and the Mastodon 4.3–4.6 surface (issue 15), in registration order:
 * specific paths before parameterised ones.
 */
export const COMPAT_CONTROLLERS: Type[] = [
  AccountIdentityProofsController,
  StatusQuotesController,
  StatusInteractionPolicyController,
  StatusTranslationsController,
  TokenInfoController,
  AuthorizedApplicationsController,
  ProfileController,
  OutgoingFollowRequestsController,
  DomainBlockPreviewController,
  InstanceTranslationLanguagesController,
  ManifestController,
  DonationCampaignsController,
  CollectionItemsController,
  CollectionsController,
  AccountCollectionsController,
  AnnualReportsController,
  AsyncRefreshesController,
];
