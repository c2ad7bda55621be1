import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  Account,
  normalizeDomain,
  RelationshipListsRepository,
  ValidationError,
} from '@nestodon/domain';

/** Mastodon's DomainBlockPreview: the relationships blocking a domain would sever. */
export interface DomainBlockPreviewJson {
  following_count: number;
  followers_count: number;
}

/**
 * GET /api/v1/domain_blocks/preview?domain= (Mastodon 4.4): how many accounts of a domain the
 * caller follows and is followed by, so that a client can warn before blocking it.
 */
@Controller('api/v1/domain_blocks/preview')
export class DomainBlockPreviewController {
  constructor(private readonly lists: RelationshipListsRepository) {}

  @Get()
  @Scopes('follow', 'write:blocks')
  async show(
    @CurrentAccount() viewer: Account,
    @Query('domain') domain: unknown,
  ): Promise<DomainBlockPreviewJson> {
    const normalized = typeof domain === 'string' ? normalizeDomain(domain) : null;
    if (!normalized) {
      throw new ValidationError('Validation failed: Domain is invalid', {
        domain: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      });
    }
    const counts = await this.lists.domainRelationCounts(viewer.id, normalized);
    return { following_count: counts.following, followers_count: counts.followers };
  }
}
