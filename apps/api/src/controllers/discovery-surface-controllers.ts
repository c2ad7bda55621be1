import { Type } from '@nestjs/common';
import { AnnouncementsController } from './api/v1/announcements.controller';
import { AnnouncementReactionsController } from './api/v1/announcements/reactions.controller';
import { OEmbedController } from './api/oembed.controller';
import { CustomEmojisController } from './api/v1/custom-emojis.controller';
import { InstancePrivacyPolicyController } from './api/v1/instance/privacy-policy.controller';
import { InstanceTermsOfServiceController } from './api/v1/instance/terms-of-service.controller';
import { PeersSearchController } from './api/v1/peers/search.controller';
import { PublicPagesController } from './public/public-pages.controller';

/**
 * Discovery surface (issue 11): custom emoji, announcements, the rest of the instance
 * information and the public pages, in registration order.
 */
export const DISCOVERY_SURFACE_CONTROLLERS: Type[] = [
  CustomEmojisController,
  AnnouncementsController,
  AnnouncementReactionsController,
  PeersSearchController,
  InstancePrivacyPolicyController,
  InstanceTermsOfServiceController,
  OEmbedController,
  PublicPagesController,
];
