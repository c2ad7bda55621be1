import { Injectable } from '@nestjs/common';
import { DomainAllowRepository } from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';
import { DomainModerationQueries } from './domain-moderation-queries';

/**
 * Takes a domain off the allow list. Federation joins here: in limited federation mode,
 * Mastodon then purges what the domain's accounts left.
 */
@Injectable()
export class DisallowDomainService {
  constructor(
    private readonly allows: DomainAllowRepository,
    private readonly queries: DomainModerationQueries,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, id: string): Promise<void> {
    const allow = await this.queries.allowById(id);
    await this.allows.delete(allow.id);
    await this.log.record(moderator, 'destroy', {
      type: 'DomainAllow',
      id: allow.id,
      name: allow.domain,
    });
  }
}
