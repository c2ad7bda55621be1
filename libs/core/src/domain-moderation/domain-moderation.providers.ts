import { Provider } from '@nestjs/common';
import { AllowDomainService } from './allow-domain.service';
import { BlockInstanceDomainService } from './block-instance-domain.service';
import { ClearDomainMediaService } from './clear-domain-media.service';
import { DisallowDomainService } from './disallow-domain.service';
import { DomainModerationQueries } from './domain-moderation-queries';
import { FederationPolicy } from './federation-policy';
import { PurgeDomainService } from './purge-domain.service';
import { UnblockInstanceDomainService } from './unblock-instance-domain.service';
import { UpdateInstanceDomainBlockService } from './update-instance-domain-block.service';

/** Instance-level domain blocks and allows, registered by CoreModule. */
export const DOMAIN_MODERATION_PROVIDERS: Provider[] = [
  AllowDomainService,
  BlockInstanceDomainService,
  ClearDomainMediaService,
  DisallowDomainService,
  DomainModerationQueries,
  FederationPolicy,
  PurgeDomainService,
  UnblockInstanceDomainService,
  UpdateInstanceDomainBlockService,
];
