import { Injectable } from '@nestjs/common';
import { TermsOfServiceRepository, TermsOfServiceRow, ValidationError } from '@nestodon/domain';

/**
 * Publishes a new version of the terms of service (HTML), effective from a date; one version
 * per date.
 */
@Injectable()
export class PublishTermsOfServiceService {
  constructor(private readonly terms: TermsOfServiceRepository) {}

  async call(version: {
    text: string;
    effectiveDate: string;
    changelog?: string;
  }): Promise<TermsOfServiceRow> {
    if (version.text.trim() === '')
      throw new ValidationError("Validation failed: Text can't be blank");
    const date = version.effectiveDate;
    if (!/^\d{4}-\d\d-\d\d$/.test(date) || Number.isNaN(Date.parse(date))) {
      throw new ValidationError('Validation failed: Effective date is invalid');
    }
    if (await this.terms.publishedOn(date)) {
      throw new ValidationError('Validation failed: Effective date has already been taken');
    }
    return this.terms.insert({
      text: version.text,
      changelog: version.changelog ?? '',
      effectiveDate: date,
      publishedAt: new Date(),
    });
  }
}
