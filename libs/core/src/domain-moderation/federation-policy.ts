import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { DomainModerationQueries } from './domain-moderation-queries';

/**
 * Which servers federate with us (Mastodon's DomainControlHelper): none under a suspend block,
 * and in limited federation mode only those on the domain allow list. Asked before an inbound
 * activity is handled, a signed fetch answered, a remote account resolved and (in limited mode)
 * a delivery sent.
 */
@Injectable()
export class FederationPolicy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly domains: DomainModerationQueries,
  ) {}

  get limitedFederationMode(): boolean {
    return this.config.federation.limitedFederationMode;
  }

  get authorizedFetch(): boolean {
    return this.config.federation.authorizedFetch;
  }

  /**
   * Why a server (a host, with its port if any) may not federate with us, or null; for a
   * report (Flag), also whether its reports are rejected (Mastodon's `reject_reports`).
   */
  async refusal(host: string, { report = false } = {}): Promise<string | null> {
    const verdict = await this.domains.verdictFor(host);
    if (verdict.blocked) return 'its server is suspended here';
    if (this.limitedFederationMode && !verdict.allowListed) {
      return 'its server is not on the allow list';
    }
    if (report && verdict.rejectReports) return 'reports from its server are rejected here';
    return null;
  }
}
