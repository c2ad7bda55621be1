import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { ExpiringStore } from '@nestodon/platform';

const CACHE_MS = 3600 * 1000;
const TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;

/**
 * The donation campaign to show a user (GET /api/v1/donation_campaigns), as Mastodon asks the
 * service named by DONATION_CAMPAIGNS_URL: with the platform, a stable per-account seed (0–99,
 * so that campaigns can be shown to a share of users), the locale and the environment. Without
 * the service, or when it has nothing or fails, there is no campaign. Answers are cached an
 * hour per seed and locale.
 */
@Injectable()
export class DonationCampaignQueries {
  private readonly logger = new Logger(DonationCampaignQueries.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: ExpiringStore,
  ) {}

  async current(accountId: string, locale: string): Promise<object | null> {
    const service = this.config.donationCampaigns;
    if (!service) return null;
    const seed = Number(BigInt(accountId) % 100n);
    const cacheKey = `donation_campaign_request:${seed}:${locale}`;
    const cached = await this.cache.get(cacheKey);
    if (cached) return JSON.parse(cached) as object;
    const url = new URL(service.url);
    url.searchParams.set('platform', 'web');
    url.searchParams.set('seed', String(seed));
    url.searchParams.set('locale', locale);
    if (service.environment) url.searchParams.set('environment', service.environment);
    const campaign = await this.fetchCampaign(url);
    if (campaign) {
      await this.cache.set(cacheKey, JSON.stringify(campaign), CACHE_MS);
    }
    return campaign;
  }

  private async fetchCampaign(url: URL): Promise<object | null> {
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status !== 200) return null;
      const body = await response.text();
      if (body.length > MAX_BYTES) return null;
      const campaign: unknown = JSON.parse(body);
      return campaign !== null && typeof campaign === 'object' && !Array.isArray(campaign)
        ? campaign
        : null;
    } catch (error) {
      this.logger.warn(`donation campaigns unavailable: ${String(error)}`);
      return null;
    }
  }
}
