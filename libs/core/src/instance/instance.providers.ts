import { Provider } from '@nestjs/common';
import { ActivityTracker } from './activity-tracker';
import { DonationCampaignQueries } from './donation-campaign-queries';
import { InstanceQueries } from './instance-queries';

/** The instance feature's providers, registered by CoreModule. */
export const INSTANCE_PROVIDERS: Provider[] = [
  ActivityTracker,
  DonationCampaignQueries,
  InstanceQueries,
];
