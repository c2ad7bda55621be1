import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Collection, CollectionItem, CollectionItemState } from '../entities/collection.entity';
import { Tag } from '../entities/tag.entity';
import { Transaction } from '../transactions';

/** A page of collections by offset (Mastodon pages collections so), with whether more follow. */
export interface CollectionsPage {
  collections: Collection[];
  more: boolean;
}

/** Collections and their items: written by their owner, read with their items and tags. */
@Injectable()
export class CollectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(fields: Partial<Collection>, tx: Transaction): Promise<Collection> {
    const collections = tx.getRepository(Collection);
    return collections.save(collections.create(fields));
  }

  findById(id: string, tx?: Transaction): Promise<Collection | null> {
    return (tx ?? this.dataSource.manager).getRepository(Collection).findOneBy({ id });
  }

  /** The collection, locked until the transaction ends (items are added one writer at a time). */
  lock(id: string, tx: Transaction): Promise<Collection | null> {
    return tx
      .getRepository(Collection)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.id = :id', { id })
      .getOne();
  }

  async update(id: string, fields: Partial<Collection>, tx: Transaction): Promise<void> {
    await tx.update(Collection, { id }, fields);
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(Collection).delete({ id });
  }

  /** An account's collections, newest first, only discoverable ones unless `all`. */
  async ofAccount(
    accountId: string,
    options: { all: boolean; offset: number; limit: number },
  ): Promise<CollectionsPage> {
    const rows = await this.dataSource.getRepository(Collection).find({
      where: options.all ? { accountId } : { accountId, discoverable: true },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: options.offset,
      take: options.limit + 1,
    });
    return { collections: rows.slice(0, options.limit), more: rows.length > options.limit };
  }

  /**
   * The collections whose accepted items include `accountId`, newest first: discoverable ones
   * of owners who are not suspended, and the viewer's own.
   */
  async featuring(
    accountId: string,
    viewerId: string,
    options: { offset: number; limit: number },
  ): Promise<CollectionsPage> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT c.id::text AS id FROM collections c
         JOIN collection_items i ON i.collection_id = c.id
         JOIN accounts o ON o.id = c.account_id
        WHERE i.account_id = $1 AND i.state = $2 AND o.suspended_at IS NULL
          AND (c.discoverable OR c.account_id = $3)
        ORDER BY c.created_at DESC, c.id DESC OFFSET $4 LIMIT $5`,
      [accountId, CollectionItemState.Accepted, viewerId, options.offset, options.limit + 1],
    );
    const ids = rows.slice(0, options.limit).map((row) => row.id);
    const found = ids.length
      ? await this.dataSource.getRepository(Collection).findBy({ id: In(ids) })
      : [];
    const byId = new Map(found.map((collection) => [collection.id, collection]));
    return {
      collections: ids.flatMap((id) => byId.get(id) ?? []),
      more: rows.length > options.limit,
    };
  }

  /** The items of these collections in position order, by collection id. */
  async items(collectionIds: string[]): Promise<Map<string, CollectionItem[]>> {
    const result = new Map<string, CollectionItem[]>(collectionIds.map((id) => [id, []]));
    if (collectionIds.length === 0) return result;
    const rows = await this.dataSource.getRepository(CollectionItem).find({
      where: { collectionId: In(collectionIds) },
      order: { position: 'ASC', id: 'ASC' },
    });
    for (const row of rows) result.get(row.collectionId)?.push(row);
    return result;
  }

  /** The tags of these collections, by tag id. */
  async tags(tagIds: string[]): Promise<Map<string, Tag>> {
    if (tagIds.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(Tag).findBy({ id: In([...new Set(tagIds)]) });
    return new Map(rows.map((tag) => [String(tag.id), tag]));
  }

  findItem(collectionId: string, itemId: string, tx?: Transaction): Promise<CollectionItem | null> {
    return (tx ?? this.dataSource.manager)
      .getRepository(CollectionItem)
      .findOneBy({ collectionId, id: itemId });
  }

  /** How many items the collection holds (every state), inside the caller's transaction. */
  countItems(collectionId: string, tx: Transaction): Promise<number> {
    return tx.getRepository(CollectionItem).countBy({ collectionId });
  }

  /**
   * Adds an account at the end of the collection and counts it; null when it is in already.
   */
  async addItem(
    collectionId: string,
    accountId: string,
    state: CollectionItemState,
    tx: Transaction,
  ): Promise<CollectionItem | null> {
    const [row] = (await tx.query(
      `INSERT INTO collection_items (collection_id, account_id, state, position)
       SELECT $1, $2, $3, COALESCE(max(position), 0) + 1 FROM collection_items WHERE collection_id = $1
       ON CONFLICT (collection_id, account_id) DO NOTHING
       RETURNING id::text AS id`,
      [collectionId, accountId, state],
    )) as Array<{ id: string }>;
    if (!row) return null;
    await tx.query(
      `UPDATE collections SET item_count = item_count + 1, updated_at = now() WHERE id = $1`,
      [collectionId],
    );
    return tx.getRepository(CollectionItem).findOneByOrFail({ id: row.id });
  }

  /** Removes an item and uncounts it; false when it was gone. */
  async removeItem(collectionId: string, itemId: string, tx: Transaction): Promise<boolean> {
    const [, removed] = (await tx.query(
      `DELETE FROM collection_items WHERE collection_id = $1 AND id = $2`,
      [collectionId, itemId],
    )) as [unknown, number];
    if (removed === 0) return false;
    await tx.query(
      `UPDATE collections SET item_count = GREATEST(item_count - 1, 0), updated_at = now()
        WHERE id = $1`,
      [collectionId],
    );
    return true;
  }

  async setItemState(itemId: string, state: CollectionItemState, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager)
      .getRepository(CollectionItem)
      .update({ id: itemId }, { state });
  }
}
