import { Injectable } from '@nestjs/common';
import {
  CustomFilter,
  FilterAction,
  FilterContextName,
  StreamingFactsRepository,
  SubscriberFilterRow,
  SubscriberRelationRow,
} from '@nestodon/domain';
import {
  anonymousRelations,
  appliesToContext,
  CompiledFilter,
  compileFilter,
  FilterRule,
  isFilterActive,
  ViewerRelations,
} from '@nestodon/policies';
import { ParsedStatus } from './streamed-status';

/** A filter of a subscriber, with the entity FilterResult renders. */
export interface SubscriberFilter extends FilterRule {
  filter: CustomFilter;
}

const EMPTY: ReadonlySet<string> = new Set();

type RelationSets = Record<SubscriberRelationRow['kind'], Set<string>>;

/** What a batch of events needs to know about its subscribers, loaded at once. */
export class SubscriberFactsSnapshot {
  constructor(private readonly relations: Map<string, RelationSets>) {}

  /** The viewer's relations as the policies read them, for one status. */
  relationsFor(viewerId: string, status: ParsedStatus): ViewerRelations {
    const sets = this.relations.get(viewerId);
    const mentionedIn = new Set<string>();
    if (status.mentions.has(viewerId)) mentionedIn.add(status.streamed.facts.id);
    const reblog = status.streamed.facts.reblog;
    if (reblog && status.reblogMentions.has(viewerId)) mentionedIn.add(reblog.id);
    return {
      viewerId,
      following: sets?.following ?? EMPTY,
      blocking: sets?.blocking ?? EMPTY,
      blockedBy: sets?.blockedBy ?? EMPTY,
      muting: sets?.muting ?? EMPTY,
      domainBlocking: sets?.domainBlocking ?? EMPTY,
      mentionedIn,
    };
  }
}

interface CachedFilters {
  rules: SubscriberFilter[];
  compiled: Map<FilterContextName, CompiledFilter<SubscriberFilter>[]>;
}

/**
 * Loads the facts per-subscriber decisions need, for all subscribers of a batch of status
 * events in two queries: their relations to every account and domain the statuses involve, and
 * the filters of those not cached yet. Filters stay cached per account while it has
 * connections here, until `filters_changed` says otherwise.
 */
@Injectable()
export class SubscriberFacts {
  private readonly filters = new Map<string, CachedFilters>();
  /** Bumped when an account's filters change, so a load that raced the change is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly repository: StreamingFactsRepository) {}

  async load(
    viewerIds: ReadonlySet<string>,
    statuses: ParsedStatus[],
  ): Promise<SubscriberFactsSnapshot> {
    const viewers = [...viewerIds];
    const accountIds = new Set<string>();
    const domains = new Set<string>();
    const followedIds = new Set<string>();
    for (const status of statuses) {
      for (const id of status.involvedAccountIds) accountIds.add(id);
      for (const domain of status.domains) domains.add(domain);
      for (const id of status.followersOnlyAuthorIds) followedIds.add(id);
    }
    const [rows] = await Promise.all([
      this.repository.subscriberRelations(viewers, {
        accountIds: [...accountIds],
        domains: [...domains],
        followedIds: [...followedIds],
      }),
      this.loadFilters(viewers.filter((id) => !this.filters.has(id))),
    ]);
    const relations = new Map<string, RelationSets>();
    for (const row of rows) {
      let sets = relations.get(row.viewer);
      if (!sets) {
        sets = {
          following: new Set(),
          blocking: new Set(),
          blockedBy: new Set(),
          muting: new Set(),
          domainBlocking: new Set(),
        };
        relations.set(row.viewer, sets);
      }
      sets[row.kind].add(row.value);
    }
    return new SubscriberFactsSnapshot(relations);
  }

  /** The viewer's filters in force in a context (loaded by `load`). */
  filtersFor(
    viewerId: string,
    context: FilterContextName,
    now = new Date(),
  ): CompiledFilter<SubscriberFilter>[] {
    const cached = this.filters.get(viewerId);
    if (!cached) return [];
    let compiled = cached.compiled.get(context);
    if (!compiled) {
      compiled = cached.rules
        .filter((rule) => appliesToContext(rule, context))
        .map((rule) => compileFilter(rule));
      cached.compiled.set(context, compiled);
    }
    return compiled.filter((filter) => isFilterActive(filter.rule, now));
  }

  /** The account's filters changed, or it has no connection left here. */
  forgetFilters(accountId: string): void {
    this.filters.delete(accountId);
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
  }

  private async loadFilters(accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    const before = accountIds.map((id) => this.generations.get(id) ?? 0);
    const rows = await this.repository.activeFilters(accountIds);
    const loaded = new Map<string, SubscriberFilter[]>(accountIds.map((id) => [id, []]));
    for (const row of rows) loaded.get(row.account_id)?.push(toFilter(row));
    accountIds.forEach((accountId, index) => {
      if ((this.generations.get(accountId) ?? 0) !== before[index]) return;
      this.filters.set(accountId, { rules: loaded.get(accountId)!, compiled: new Map() });
    });
  }
}

export const hidesStatus = (rule: SubscriberFilter) => rule.filter.action === FilterAction.Hide;

export const ANONYMOUS = anonymousRelations();

function toFilter(row: SubscriberFilterRow): SubscriberFilter {
  const filter = Object.assign(new CustomFilter(), {
    id: row.id,
    accountId: row.account_id,
    phrase: row.phrase,
    context: row.context as FilterContextName[],
    action: Number(row.action) as FilterAction,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
  return {
    id: row.id,
    context: filter.context,
    expiresAt: filter.expiresAt,
    keywords: row.keywords.map((k) => ({ keyword: k.keyword, wholeWord: k.whole_word })),
    statusIds: row.status_ids,
    filter,
  };
}
