import { AppConfig } from '@nestodon/config';
import {
  Account,
  Collection,
  COLLECTION_ITEM_STATE_NAMES,
  CollectionItem,
  CollectionItemState,
  Tag,
} from '@nestodon/domain';
import { formatPlainText } from '@nestodon/text';

export interface CollectionItemJson {
  id: string;
  /** Only for accepted items. */
  account_id: string | null;
  state: (typeof COLLECTION_ITEM_STATE_NAMES)[number];
  created_at: string;
}

/** Mastodon's Collection entity (4.6). */
export interface CollectionJson {
  id: string;
  account_id: string;
  uri: string;
  url: string | null;
  name: string;
  /** HTML. */
  description: string;
  language: string | null;
  local: boolean;
  sensitive: boolean;
  discoverable: boolean;
  tag: { name: string; url: string } | null;
  created_at: string;
  updated_at: string;
  item_count: number;
  items: CollectionItemJson[];
}

/** A collection with what it renders with: its owner, items (in order) and tag. */
export interface CollectionView {
  collection: Collection;
  owner: Account;
  items: CollectionItem[];
  tag: Tag | null;
}

export function serializeCollectionItem(item: CollectionItem): CollectionItemJson {
  return {
    id: String(item.id),
    account_id:
      item.state === CollectionItemState.Accepted && item.accountId ? String(item.accountId) : null,
    state: COLLECTION_ITEM_STATE_NAMES[item.state],
    created_at: new Date(item.createdAt).toISOString(),
  };
}

/** A pure function of the collection's view. */
export function serializeCollection(
  { collection, owner, items, tag }: CollectionView,
  config: Pick<AppConfig, 'instance'>,
): CollectionJson {
  const { baseUrl } = config.instance;
  return {
    id: String(collection.id),
    account_id: String(collection.accountId),
    uri: collection.local
      ? `${baseUrl}/users/${owner.username}/featured_collections/${collection.id}`
      : (collection.uri ?? ''),
    url: null,
    name: collection.name,
    description: collection.local
      ? formatPlainText(collection.description, { baseUrl }).html
      : collection.description,
    language: collection.language,
    local: collection.local,
    sensitive: collection.sensitive,
    discoverable: collection.discoverable,
    tag: tag
      ? {
          name: tag.displayName ?? tag.name,
          url: `${baseUrl}/tags/${encodeURIComponent(tag.name)}`,
        }
      : null,
    created_at: new Date(collection.createdAt).toISOString(),
    updated_at: new Date(collection.updatedAt).toISOString(),
    item_count: collection.itemCount,
    items: items.map(serializeCollectionItem),
  };
}
