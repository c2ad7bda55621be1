import { TermsOfServiceRow } from '@nestodon/domain';

/** Mastodon's TermsOfService entity (4.4). */
export interface TermsOfServiceJson {
  effective_date: string | null;
  effective: boolean;
  content: string;
  /** When the next version takes effect, if one is published. */
  succeeded_by: string | null;
}

/** `today` is YYYY-MM-DD (UTC): a version is effective from its date on. */
export function serializeTermsOfService(
  terms: TermsOfServiceRow,
  successorDate: string | null,
  today: string,
): TermsOfServiceJson {
  return {
    effective_date: terms.effectiveDate,
    effective: terms.effectiveDate === null || terms.effectiveDate <= today,
    content: terms.text,
    succeeded_by: successorDate,
  };
}
