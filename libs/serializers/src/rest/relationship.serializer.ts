import { Injectable } from '@nestjs/common';
import { RelationshipFacts, RelationshipsRepository, Transaction } from '@nestodon/domain';

/** Mastodon's Relationship entity: the viewer's relation to one account. */
export interface RelationshipJson {
  id: string;
  following: boolean;
  showing_reblogs: boolean;
  notifying: boolean;
  /** Languages of a follow or pending request; null means all (and no follow). */
  languages: string[] | null;
  followed_by: boolean;
  blocking: boolean;
  blocked_by: boolean;
  muting: boolean;
  muting_notifications: boolean;
  muting_expires_at: string | null;
  requested: boolean;
  requested_by: boolean;
  domain_blocking: boolean;
  endorsed: boolean;
  note: string;
}

/**
 * Follow options show for a follow or, failing that, a pending request (the request carries
 * them over on approval); everything else is a plain flag.
 */
export function serializeRelationship(id: string, facts: RelationshipFacts): RelationshipJson {
  const options = facts.following ?? facts.requested;
  return {
    id,
    following: facts.following !== null,
    showing_reblogs: options?.showReblogs ?? false,
    notifying: options?.notify ?? false,
    languages: options?.languages ?? null,
    followed_by: facts.followedBy,
    blocking: facts.blocking,
    blocked_by: facts.blockedBy,
    muting: facts.muting !== null,
    muting_notifications: facts.muting?.hideNotifications ?? false,
    muting_expires_at: facts.muting?.expiresAt
      ? new Date(facts.muting.expiresAt).toISOString()
      : null,
    requested: facts.requested !== null,
    requested_by: facts.requestedBy,
    domain_blocking: facts.domainBlocking,
    endorsed: facts.endorsed,
    note: facts.note ?? '',
  };
}

/** Relationships of a viewer with many accounts in one query (RelationshipsRepository.facts). */
@Injectable()
export class RelationshipPresenter {
  constructor(private readonly relationships: RelationshipsRepository) {}

  async present(viewerId: string, accountId: string): Promise<RelationshipJson> {
    const [json] = await this.presentMany(viewerId, [accountId]);
    return json;
  }

  /** In the order given, duplicates removed. */
  async presentMany(
    viewerId: string,
    accountIds: string[],
    manager?: Transaction,
  ): Promise<RelationshipJson[]> {
    const ids = [...new Set(accountIds)];
    const facts = await this.relationships.facts(viewerId, ids, manager);
    return ids.map((id) => serializeRelationship(id, facts.get(id)!));
  }
}
