import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreviewCard } from '../entities/preview-card.entity';
import { PreparedEntityQuery } from './raw-rows';

/** Link preview cards and which status shows which. */
@Injectable()
export class PreviewCardRepository {
  private readonly ofStatuses: PreparedEntityQuery<PreviewCard>;

  constructor(private readonly dataSource: DataSource) {
    this.ofStatuses = new PreparedEntityQuery(
      dataSource,
      PreviewCard,
      'c',
      (select) => `SELECT ${select}, pcs.status_id::text
                     FROM preview_cards_statuses pcs
                     JOIN preview_cards c ON c.id = pcs.preview_card_id
                    WHERE pcs.status_id = ANY($1::bigint[])`,
    );
  }

  findByUrl(url: string): Promise<PreviewCard | null> {
    return this.dataSource.getRepository(PreviewCard).findOneBy({ url });
  }

  /** Creates or updates the card of `card.url` (fetched again after a week). */
  save(card: Partial<PreviewCard>): Promise<PreviewCard> {
    return this.dataSource.getRepository(PreviewCard).save(card);
  }

  /** Makes `cardId` the (only) card of the status. */
  async attach(statusId: string, cardId: string, url: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM preview_cards_statuses WHERE status_id = $1`, [statusId]);
      await manager.query(
        `INSERT INTO preview_cards_statuses (preview_card_id, status_id, url) VALUES ($1, $2, $3)`,
        [cardId, statusId, url],
      );
    });
  }

  /** The cards of a page of statuses, by status id, in one query. */
  async forStatuses(statusIds: string[]): Promise<Map<string, PreviewCard>> {
    const result = new Map<string, PreviewCard>();
    if (statusIds.length === 0) return result;
    for (const { entity, extra } of await this.ofStatuses.runWithExtra([statusIds])) {
      result.set(extra[0] as string, entity);
    }
    return result;
  }
}
