import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreviewCard } from '../entities/preview-card.entity';

/** Link preview cards and which status shows which. */
@Injectable()
export class PreviewCardRepository {
  constructor(private readonly dataSource: DataSource) {}

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
}
