import { Injectable } from '@nestjs/common';
import {
  Account,
  normalizeDomain,
  RateLimitExceededError,
  RecordNotFoundError,
  Report,
  ReportCategory,
  ReportRepository,
  RuleRepository,
  StatusRepository,
  ValidationError,
} from '@nestodon/domain';
import {
  canReportStatus,
  REPORT_COMMENT_LIMIT,
  reportCategory,
  statusFacts,
} from '@nestodon/policies';
import { RateLimiter } from '@nestodon/platform';
import { JobName, JobQueue } from '@nestodon/queue';
import { AccountQueries } from '../accounts/account-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';
import { StatusQueries } from '../statuses/status-queries';

export interface ReportInput {
  accountId: string;
  statusIds?: string[];
  comment?: string;
  category?: ReportCategory;
  ruleIds?: string[];
  forward?: boolean;
  forwardToDomains?: string[];
  /** The app the report was filed through. */
  applicationId?: string | null;
}

/**
 * Files a report (Mastodon's ReportService for local reporters): the target must exist and not
 * be suspended, each status must be the target's and one the reporter could see (deleted ones
 * included), rules named must exist and make it a violation. Staff who may manage reports
 * hear of it unless an open report about the same account is already waiting.
 *
 * A report forwarded (`forwarded`: to the target's own server; `forwardToDomains`: also
 * servers of accounts the reported statuses reply to) goes out as a Flag from the instance
 * actor after commit.
 */
/** Mastodon's `reports` rate-limit family: 400 reports a day per account. */
export const REPORT_RATE_LIMIT = { family: 'reports', limit: 400, periodSeconds: 24 * 3600 };

@Injectable()
export class CreateReportService {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly statuses: StatusRepository,
    private readonly statusQueries: StatusQueries,
    private readonly rules: RuleRepository,
    private readonly reports: ReportRepository,
    private readonly jobs: JobQueue,
    private readonly rateLimiter: RateLimiter,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(reporter: Account, input: ReportInput): Promise<Report> {
    const target = await this.accounts.byId(input.accountId);
    if (target.suspendedAt !== null) throw new RecordNotFoundError();
    const comment = input.comment ?? '';
    if ([...comment].length > REPORT_COMMENT_LIMIT) {
      throw new ValidationError(
        `Validation failed: Comment is too long (maximum is ${REPORT_COMMENT_LIMIT} characters)`,
      );
    }
    const statusIds = await this.reportableStatusIds(reporter, target, input.statusIds ?? []);
    const ruleIds = [...new Set(input.ruleIds ?? [])];
    const category = reportCategory(input.category, ruleIds);
    if (ruleIds.length > 0 && (await this.rules.findByIds(ruleIds)).length !== ruleIds.length) {
      throw new ValidationError('Validation failed: Rule ids does not reference valid rules');
    }
    const hit = await this.rateLimiter.hit(REPORT_RATE_LIMIT, `account:${reporter.id}`);
    if (!hit.allowed) throw new RateLimitExceededError(hit.resetAt);
    const forward = (input.forward ?? false) && target.domain !== null;
    const forwardToDomains = forward ? this.forwardDomains(target, input.forwardToDomains) : [];

    const report = await this.reports.insert({
      accountId: reporter.id,
      targetAccountId: target.id,
      statusIds,
      ruleIds: ruleIds.length > 0 ? ruleIds : null,
      comment,
      category,
      forwarded: forwardToDomains.includes(target.domain!),
      forwardToDomains,
      applicationId: input.applicationId ?? null,
    });
    await this.jobs.enqueue(JobName.NotifyStaffOfReport, { reportId: report.id });
    if (forwardToDomains.length > 0) await this.outbox.forwardReport(report.id);
    return report;
  }

  /** The ids asked for, each checked; any unknown, foreign or hidden one is a 404. */
  private async reportableStatusIds(
    reporter: Account,
    target: Account,
    ids: string[],
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    if (!unique.every((id) => /^\d{1,19}$/.test(id))) throw new RecordNotFoundError();
    const found = await this.statuses.findWithRelations(unique, { withDeleted: true });
    const relations = await this.statusQueries.relationsFor(reporter, found);
    const reportable = found.filter((status) =>
      canReportStatus(statusFacts(status), target.id, relations),
    );
    if (reportable.length !== unique.length) throw new RecordNotFoundError();
    return unique;
  }

  /** The domains asked for (the target's when none), normalised; unusable names are dropped. */
  private forwardDomains(target: Account, asked: string[] | undefined): string[] {
    const domains = asked && asked.length > 0 ? asked : [target.domain!];
    return [...new Set(domains.flatMap((domain) => normalizeDomain(domain) ?? []))];
  }
}
