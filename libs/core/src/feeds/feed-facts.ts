import { FeedFactsRepository, Status } from '@nestodon/domain';
import { FeedStatus } from '@nestodon/policies';

/** A loaded status (author and reblogged status with author) with its mentions. */
export function toFeedStatus(status: Status, mentions: ReadonlyMap<string, string[]>): FeedStatus {
  const reblog = status.reblog ?? null;
  return {
    id: status.id,
    accountId: status.accountId,
    authorDomain: status.account?.domain ?? null,
    reply: status.reply,
    inReplyToId: status.inReplyToId,
    inReplyToAccountId: status.inReplyToAccountId,
    language: status.language,
    mentionedAccountIds: mentions.get(status.id) ?? [],
    reblog: reblog
      ? {
          id: reblog.id,
          accountId: reblog.accountId,
          authorDomain: reblog.account?.domain ?? null,
          mentionedAccountIds: mentions.get(reblog.id) ?? [],
        }
      : null,
  };
}

/** The feed rules' view of loaded statuses, their mentions read in one query. */
export async function loadFeedStatuses(
  facts: FeedFactsRepository,
  statuses: Status[],
): Promise<FeedStatus[]> {
  const mentions = await facts.mentions(
    statuses.flatMap((status) => (status.reblog ? [status.id, status.reblog.id] : [status.id])),
  );
  return statuses.map((status) => toFeedStatus(status, mentions));
}

/** Every account a status involves (author, reblogged author, mentions, replied-to account). */
export function involvedAccounts(status: FeedStatus): string[] {
  const ids = [status.accountId, ...status.mentionedAccountIds];
  if (status.inReplyToAccountId) ids.push(status.inReplyToAccountId);
  if (status.reblog) ids.push(status.reblog.accountId, ...status.reblog.mentionedAccountIds);
  return ids;
}

export function involvedDomains(status: FeedStatus): string[] {
  const domains: string[] = [];
  if (status.authorDomain) domains.push(status.authorDomain);
  if (status.reblog?.authorDomain) domains.push(status.reblog.authorDomain);
  return domains;
}
