import { Controller, Get, Inject, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { InstanceQueries, SettingsQueries } from '@nestodon/core';
import type { Response } from 'express';
import { LazyFederation } from '../../federation/lazy-federation';

const SCHEMA_2_0 = 'http://nodeinfo.diaspora.software/ns/schema/2.0';

/**
 * GET /nodeinfo/2.0: the document Mastodon serves, for readers that know only 2.0. Fedify
 * serves 2.1 (linked from /.well-known/nodeinfo); 2.0 is the same minus `software.repository`
 * and `homepage`.
 */
@Controller('nodeinfo/2.0')
export class NodeInfoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceQueries,
    private readonly settings: SettingsQueries,
    private readonly federation: LazyFederation,
  ) {}

  @Get()
  @Public()
  async show(@Res({ passthrough: true }) res: Response) {
    const [counts, mode, { lib }] = await Promise.all([
      this.instance.getCounts(),
      this.settings.registrationsMode(),
      this.federation.load(),
    ]);
    const info = lib.buildNodeInfo(this.config, counts, mode);
    const json = lib.nodeInfoToJson({
      ...info,
      software: { name: info.software.name, version: info.software.version },
    }) as Record<string, unknown>;
    res.type(`application/json; profile="${SCHEMA_2_0}#"`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    return { ...json, $schema: `${SCHEMA_2_0}#`, version: '2.0' };
  }
}
