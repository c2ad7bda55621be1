import { Injectable } from '@nestjs/common';
import { AccessBlockRepository } from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';
import { Moderator } from '../admin/moderator';
import { AccessBlockQueries } from './access-block-queries';

export type AccessBlockKind = 'EmailDomainBlock' | 'CanonicalEmailBlock' | 'IpBlock';

/** Removes an e-mail domain, canonical e-mail or IP block (404 when there is none). */
@Injectable()
export class RemoveAccessBlockService {
  constructor(
    private readonly queries: AccessBlockQueries,
    private readonly blocks: AccessBlockRepository,
    private readonly log: ActionLog,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(moderator: Moderator, kind: AccessBlockKind, id: string): Promise<void> {
    let name: string;
    if (kind === 'EmailDomainBlock') {
      const block = await this.queries.emailDomainBlock(id);
      name = block.domain;
      await this.blocks.delete('email_domain_blocks', block.id);
    } else if (kind === 'CanonicalEmailBlock') {
      const block = await this.queries.canonicalEmailBlock(id);
      name = block.canonicalEmailHash;
      await this.blocks.delete('canonical_email_blocks', block.id);
    } else {
      const block = await this.queries.ipBlock(id);
      name = block.ip;
      await this.blocks.delete('ip_blocks', block.id);
      await this.invalidator.announce(CacheTopic.IpBlocks);
    }
    await this.log.record(moderator, 'destroy', { type: kind, id, name });
  }
}
