import { ReportCategory } from '@nestodon/domain';
import { canViewStatus, StatusFacts, ViewerRelations } from './status.policy';

/**
 * Whether a reporter may attach this status to a report about `targetAccountId`: one of the
 * target's own statuses that the reporter could see. Deleted statuses still count: they stay
 * (soft-deleted) for moderation, and deleting a post must not dodge its report.
 */
export function canReportStatus(
  status: StatusFacts,
  targetAccountId: string,
  relations: ViewerRelations,
): boolean {
  if (status.accountId !== targetAccountId) return false;
  return canViewStatus({ ...status, deletedAt: null }, relations);
}

/** Rules named make a report a violation; otherwise the category given, `other` by default. */
export function reportCategory(
  category: ReportCategory | undefined,
  ruleIds: readonly string[],
): ReportCategory {
  if (ruleIds.length > 0) return 'violation';
  return category ?? 'other';
}

/** Mastodon's limit on a local reporter's comment. */
export const REPORT_COMMENT_LIMIT = 1000;
