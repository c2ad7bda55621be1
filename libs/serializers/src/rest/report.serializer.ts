import { Injectable } from '@nestjs/common';
import { AccountRepository, Report, ReportCategory } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from './account.serializer';

/** Mastodon's Report entity, as the reporter (and admin.report notifications) see it. */
export interface ReportJson {
  id: string;
  action_taken: boolean;
  action_taken_at: string | null;
  category: ReportCategory;
  comment: string;
  forwarded: boolean;
  created_at: string;
  status_ids: string[];
  collection_ids: string[];
  rule_ids: string[];
  target_account: AccountJson;
}

/** Renders reports with their target accounts, in a constant number of queries. */
@Injectable()
export class ReportPresenter {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly accountPresenter: AccountPresenter,
  ) {}

  async present(report: Report): Promise<ReportJson> {
    const [json] = await this.presentMany([report]);
    return json;
  }

  /** In the given order; a report whose target is gone is left out. */
  async presentMany(reports: Report[]): Promise<ReportJson[]> {
    const targets = await this.accounts.findByIds(reports.map((r) => r.targetAccountId));
    const targetJson = await this.accountPresenter.presentMany(targets);
    const byId = new Map(targets.map((account, i) => [account.id, targetJson[i]]));
    return reports.flatMap((report) => {
      const target = byId.get(report.targetAccountId);
      return target ? [serializeReport(report, target)] : [];
    });
  }
}

/** The fields the Report and Admin::Report entities share. */
export function serializeReportBasics(report: Report) {
  return {
    id: String(report.id),
    action_taken: report.actionTakenAt !== null,
    action_taken_at: report.actionTakenAt ? new Date(report.actionTakenAt).toISOString() : null,
    category: report.category,
    comment: report.comment,
    forwarded: report.forwarded,
    created_at: new Date(report.createdAt).toISOString(),
  };
}

export function serializeReport(report: Report, target: AccountJson): ReportJson {
  return {
    ...serializeReportBasics(report),
    status_ids: report.statusIds.map(String),
    collection_ids: [],
    rule_ids: (report.ruleIds ?? []).map(String),
    target_account: target,
  };
}
