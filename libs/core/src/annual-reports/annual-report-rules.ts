import { AnnualReportData, YearStatusCounts } from '@nestodon/domain';

/** The report schema Nestodon writes (Mastodon 4.6's). */
export const ANNUAL_REPORT_SCHEMA_VERSION = 2;
/** Mastodon's yearly average of posts per active user (2023), the lurker's threshold. */
export const AVERAGE_STATUSES_PER_YEAR = 113;
/** How many hashtags a report lists at most. */
export const TOP_HASHTAGS = 40;

/** The year whose reports may be generated now: the configured one, else from 10 December. */
export function currentCampaign(configured: number | null, now = new Date()): number | null {
  if (configured !== null) return configured;
  return now.getUTCMonth() === 11 && now.getUTCDate() >= 10 ? now.getUTCFullYear() : null;
}

/** What kind of user the year's statuses show (Mastodon's archetypes). */
export function archetype(counts: YearStatusCounts): AnnualReportData['archetype'] {
  if (counts.standalone + counts.replies + counts.reblogs < AVERAGE_STATUSES_PER_YEAR) {
    return 'lurker';
  }
  if (counts.reblogs > counts.standalone * 2) return 'booster';
  if (counts.polls > counts.standalone * 0.1) return 'pollster';
  if (counts.replies > counts.standalone * 2) return 'replier';
  return 'oracle';
}
