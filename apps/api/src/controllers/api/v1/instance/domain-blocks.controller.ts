import { Controller, Get } from '@nestjs/common';
import { AuthContext, CurrentAuth, Public } from '@nestodon/auth';
import { DomainBlocksVisibility, DomainModerationQueries, SettingsQueries } from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import { DomainBlockJson, serializeDomainBlock } from '@nestodon/serializers';

const shownTo = (visibility: DomainBlocksVisibility, auth: AuthContext | undefined) =>
  visibility === 'all' || (visibility === 'users' && !!auth?.user);

/**
 * GET /api/v1/instance/domain_blocks: the servers this one moderates, to whom the
 * show_domain_blocks setting allows (404 otherwise, as Mastodon); comments as
 * show_domain_blocks_rationale allows.
 */
@Controller('api/v1/instance/domain_blocks')
export class InstanceDomainBlocksController {
  constructor(
    private readonly settings: SettingsQueries,
    private readonly queries: DomainModerationQueries,
  ) {}

  @Get()
  @Public()
  async index(@CurrentAuth() auth: AuthContext | undefined): Promise<DomainBlockJson[]> {
    const settings = await this.settings.current();
    if (!shownTo(settings.showDomainBlocks, auth)) {
      throw new RecordNotFoundError();
    }
    const withComment = shownTo(settings.showDomainBlocksRationale, auth);
    return (await this.queries.listedBlocks()).map((block) =>
      serializeDomainBlock(block, withComment),
    );
  }
}
