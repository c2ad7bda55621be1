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

  /** The cards of a page of statuses, by status id, in one query. */
  async forStatuses(statusIds: string[]): Promise<Map<string, PreviewCard>> {
    const result = new Map<string, PreviewCard>();
    if (statusIds.length === 0) return result;
    const rows: Array<{ status_id: string; preview_card_id: string }> = await this.dataSource.query(
      `SELECT status_id::text, preview_card_id::text FROM preview_cards_statuses
        WHERE status_id = ANY($1::bigint[])`,
      [statusIds],
    );
    if (rows.length === 0) return result;
    const cards = await this.dataSource
      .getRepository(PreviewCard)
      .createQueryBuilder('c')
      .where('c.id = ANY(:ids::bigint[])', { ids: rows.map((row) => row.preview_card_id) })
      .getMany();
    const byId = new Map(cards.map((card) => [String(card.id), card]));
    for (const row of rows) {
      const card = byId.get(row.preview_card_id);
      if (card) result.set(row.status_id, card);
    }
    return result;
  }
}
