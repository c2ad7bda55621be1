import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { InstanceQueries, SettingsQueries } from '@nestodon/core';
import { FederationRoutes, NestodonFederation } from './federation-types';
import { buildNodeInfo } from './nodeinfo';

/** NodeInfo 2.1 at /nodeinfo/2.1, linked from /.well-known/nodeinfo (Fedify serves both). */
@Injectable()
export class NodeInfoRoutes implements FederationRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceQueries,
    private readonly settings: SettingsQueries,
  ) {}

  register(federation: NestodonFederation): void {
    federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
      const [counts, mode] = await Promise.all([
        this.instance.getCounts(),
        this.settings.registrationsMode(),
      ]);
      return buildNodeInfo(this.config, counts, mode);
    });
  }
}
