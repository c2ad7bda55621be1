import {
  FeedFactsRepository,
  ListFacts,
  REPLIES_POLICY_NAMES,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import {
  FeedList,
  FeedReceiverFacts,
  FeedStatus,
  filterFromHome,
  filterFromList,
} from '@nestodon/policies';
import { FeedEntry } from './feed-manager';
import { involvedAccounts, involvedDomains, loadFeedStatuses } from './feed-facts';

export const entryOf = (status: Pick<Status, 'id' | 'reblogOfId'>): FeedEntry => ({
  id: String(status.id),
  reblogOfId: status.reblogOfId ? String(status.reblogOfId) : null,
});

export const feedList = (list: ListFacts): FeedList => ({
  accountId: list.accountId,
  repliesPolicy: REPLIES_POLICY_NAMES[list.repliesPolicy] ?? 'list',
  members: list.members,
});

/** Whether a list of its owner (`owner` facts) takes the status, by the list and home rules. */
export function listAdmits(feedStatus: FeedStatus, list: ListFacts, owner: FeedReceiverFacts) {
  return (
    !filterFromList(feedStatus, feedList(list), owner) && !filterFromHome(feedStatus, owner, 'list')
  );
}

/**
 * Loads statuses by id and keeps those the feed rules let into one receiver's home (or one of
 * its lists): a constant number of queries for the whole batch.
 */
export async function admissibleForReceiver(
  repository: StatusRepository,
  facts: FeedFactsRepository,
  receiverId: string,
  statusIds: string[],
  list?: ListFacts,
): Promise<Status[]> {
  if (statusIds.length === 0) return [];
  const statuses = await repository.findWithRelations(statusIds);
  const feedStatuses = await loadFeedStatuses(facts, statuses);
  const accounts = new Set<string>();
  const domains = new Set<string>();
  for (const status of feedStatuses) {
    for (const id of involvedAccounts(status)) accounts.add(id);
    for (const domain of involvedDomains(status)) domains.add(domain);
  }
  const receiver = (await facts.receivers([receiverId], accounts, domains)).get(receiverId)!;
  return statuses.filter((status, index) => {
    if (status.reblog === null && status.reblogOfId !== null) return false; // reblogged one gone
    const feedStatus = feedStatuses[index];
    return list ? listAdmits(feedStatus, list, receiver) : !filterFromHome(feedStatus, receiver);
  });
}
