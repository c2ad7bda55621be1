import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A version of the terms of service. */
export interface TermsOfServiceRow {
  id: string;
  /** HTML. */
  text: string;
  changelog: string;
  /** YYYY-MM-DD, or null (effective once published). */
  effectiveDate: string | null;
  publishedAt: Date | null;
}

const COLUMNS = `id::text, text, changelog, effective_date::text AS "effectiveDate",
                 published_at AS "publishedAt"`;

/** Rows of `terms_of_services`. */
@Injectable()
export class TermsOfServiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(terms: Omit<TermsOfServiceRow, 'id'>): Promise<TermsOfServiceRow> {
    const [row]: TermsOfServiceRow[] = await this.dataSource.query(
      `INSERT INTO terms_of_services (text, changelog, effective_date, published_at)
       VALUES ($1, $2, $3::date, $4) RETURNING ${COLUMNS}`,
      [terms.text, terms.changelog, terms.effectiveDate, terms.publishedAt],
    );
    return row;
  }

  /**
   * The terms in force on `today` (the published version effective latest, on or before it),
   * else the first one to come, as Mastodon picks them.
   */
  async current(today: string): Promise<TermsOfServiceRow | null> {
    const [row]: TermsOfServiceRow[] = await this.dataSource.query(
      `(SELECT ${COLUMNS}, 0 AS rank FROM terms_of_services
         WHERE published_at IS NOT NULL AND (effective_date IS NULL OR effective_date <= $1::date)
         ORDER BY COALESCE(effective_date, published_at::date) DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT ${COLUMNS}, 1 AS rank FROM terms_of_services
         WHERE published_at IS NOT NULL AND effective_date > $1::date
         ORDER BY effective_date ASC LIMIT 1)
       ORDER BY rank LIMIT 1`,
      [today],
    );
    return row ?? null;
  }

  /** The published version effective from that date. */
  async publishedOn(date: string): Promise<TermsOfServiceRow | null> {
    const [row]: TermsOfServiceRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM terms_of_services
        WHERE published_at IS NOT NULL AND effective_date = $1::date`,
      [date],
    );
    return row ?? null;
  }

  /** When the version after this one takes effect, if one is published. */
  async successorDate(terms: TermsOfServiceRow): Promise<string | null> {
    if (!terms.effectiveDate) return null;
    const [row]: Array<{ date: string }> = await this.dataSource.query(
      `SELECT effective_date::text AS date FROM terms_of_services
        WHERE published_at IS NOT NULL AND effective_date > $1::date
        ORDER BY effective_date LIMIT 1`,
      [terms.effectiveDate],
    );
    return row?.date ?? null;
  }
}
