import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  Collection,
  CollectionRepository,
  isValidId,
  RecordNotFoundError,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import { anonymousRelations, canViewCollection, ViewerRelations } from '@nestodon/policies';
import { CollectionView } from '@nestodon/serializers';
import { AccountQueries } from '../accounts/account-queries';
import { Viewer } from '../statuses/status-queries';

export interface CollectionsList {
  views: CollectionView[];
  /** Whether a further page (by offset) has more. */
  more: boolean;
}

/**
 * Reads collections as a viewer may see them (a read-only query service): one with its owner
 * and the accounts of its items, an account's collections (discoverable ones for others), the
 * collections featuring an account. Items of accounts the viewer blocks are left out, as
 * Mastodon leaves them out.
 */
@Injectable()
export class CollectionQueries {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly accounts: AccountRepository,
    private readonly accountQueries: AccountQueries,
    private readonly relations: ViewerRelationsRepository,
  ) {}

  /** One collection the viewer may see, with the accounts of its owner and items; else 404. */
  async visible(
    id: string,
    viewer: Viewer,
  ): Promise<{ view: CollectionView; accounts: Account[] }> {
    const collection = isValidId(id) ? await this.collections.findById(id) : null;
    if (!collection) throw new RecordNotFoundError();
    const owner = await this.accounts.findById(collection.accountId);
    if (!owner || !canViewCollection(owner, await this.relationsTo(viewer, [owner.id]))) {
      throw new RecordNotFoundError();
    }
    const [view] = await this.views([collection], viewer, new Map([[owner.id, owner]]));
    const itemAccountIds = view.items.flatMap((item) => (item.accountId ? [item.accountId] : []));
    const itemAccounts = await this.accounts.findByIds(itemAccountIds);
    return { view, accounts: [owner, ...itemAccounts] };
  }

  /** The collections of an account, newest first; nothing when the viewer may not see them. */
  async ofAccount(
    accountId: string,
    viewer: Viewer,
    page: { offset: number; limit: number },
  ): Promise<CollectionsList> {
    const owner = await this.accountQueries.byId(accountId);
    if (!canViewCollection(owner, await this.relationsTo(viewer, [owner.id]))) {
      return { views: [], more: false };
    }
    const found = await this.collections.ofAccount(owner.id, {
      all: viewer?.id === owner.id,
      ...page,
    });
    return {
      views: await this.views(found.collections, viewer, new Map([[owner.id, owner]])),
      more: found.more,
    };
  }

  /** The collections the viewer may see that feature the account, newest first. */
  async featuring(
    accountId: string,
    viewer: NonNullable<Viewer>,
    page: { offset: number; limit: number },
  ): Promise<CollectionsList> {
    const account = await this.accountQueries.byId(accountId);
    const found = await this.collections.featuring(account.id, viewer.id, page);
    const ownerIds = [...new Set(found.collections.map((collection) => collection.accountId))];
    const owners = new Map(
      (await this.accounts.findByIds(ownerIds)).map((owner) => [owner.id, owner]),
    );
    const relations = await this.relationsTo(viewer, ownerIds);
    const shown = found.collections.filter((collection) => {
      const owner = owners.get(collection.accountId);
      return owner !== undefined && canViewCollection(owner, relations);
    });
    return { views: await this.views(shown, viewer, owners), more: found.more };
  }

  /** Collections with their items (without accounts the viewer blocks) and tags. */
  async views(
    collections: Collection[],
    viewer: Viewer,
    owners: Map<string, Account>,
  ): Promise<CollectionView[]> {
    const [items, tags] = await Promise.all([
      this.collections.items(collections.map((collection) => collection.id)),
      this.collections.tags(collections.flatMap((c) => (c.tagId ? [c.tagId] : []))),
    ]);
    const allItems = [...items.values()].flat();
    const relations = await this.relationsTo(
      viewer,
      allItems.flatMap((item) => (item.accountId ? [item.accountId] : [])),
    );
    return collections.map((collection) => ({
      collection,
      owner: owners.get(collection.accountId)!,
      items: (items.get(collection.id) ?? []).filter(
        (item) => !item.accountId || !relations.blocking.has(item.accountId),
      ),
      tag: collection.tagId ? (tags.get(String(collection.tagId)) ?? null) : null,
    }));
  }

  private async relationsTo(viewer: Viewer, accountIds: string[]): Promise<ViewerRelations> {
    if (!viewer) return anonymousRelations();
    return { viewerId: viewer.id, ...(await this.relations.load(viewer.id, { accountIds })) };
  }
}
