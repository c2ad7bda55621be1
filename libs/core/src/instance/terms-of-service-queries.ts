import { Injectable } from '@nestjs/common';
import { RecordNotFoundError, TermsOfServiceRepository, TermsOfServiceRow } from '@nestodon/domain';
import { serializeTermsOfService, TermsOfServiceJson } from '@nestodon/serializers';

const DATE = /^\d{4}-\d\d-\d\d$/;
const today = () => new Date().toISOString().slice(0, 10);

/** The published terms of service, as GET /api/v1/instance/terms_of_service shows them. */
@Injectable()
export class TermsOfServiceQueries {
  constructor(private readonly terms: TermsOfServiceRepository) {}

  /** The version in force (or the first to come); 404 when none is published. */
  async current(): Promise<TermsOfServiceJson> {
    return this.present(await this.terms.current(today()));
  }

  /** The version effective from a date (YYYY-MM-DD); 404 for any other date. */
  async effectiveOn(date: string): Promise<TermsOfServiceJson> {
    const valid = DATE.test(date) && !Number.isNaN(Date.parse(date));
    return this.present(valid ? await this.terms.publishedOn(date) : null);
  }

  private async present(row: TermsOfServiceRow | null): Promise<TermsOfServiceJson> {
    if (!row) throw new RecordNotFoundError();
    return serializeTermsOfService(row, await this.terms.successorDate(row), today());
  }
}
