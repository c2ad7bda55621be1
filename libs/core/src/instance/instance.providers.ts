import { Provider } from '@nestjs/common';
import { ActivityTracker } from './activity-tracker';
import { DonationCampaignQueries } from './donation-campaign-queries';
import { InstanceQueries } from './instance-queries';
import { PublishTermsOfServiceService } from './publish-terms-of-service.service';
import { TermsOfServiceQueries } from './terms-of-service-queries';

/** The instance feature's providers, registered by CoreModule. */
export const INSTANCE_PROVIDERS: Provider[] = [
  ActivityTracker,
  DonationCampaignQueries,
  InstanceQueries,
  PublishTermsOfServiceService,
  TermsOfServiceQueries,
];
