import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  AdminAccountFacts,
  AdminAccountRepository,
  Report,
  ReportCategory,
  RuleRepository,
  StatusRepository,
  userState,
} from '@nestodon/domain';
import { AccountJson, AccountPresenter, RoleJson, serializeRole } from './account.serializer';
import { serializeReportBasics } from './report.serializer';
import { RuleJson, serializeRule } from './rule.serializer';
import { StatusJson, StatusPresenter } from './status.serializer';

/** Mastodon's Admin::Ip. */
export interface AdminIpJson {
  ip: string;
  used_at: string;
}

/** Mastodon's Admin::Account. */
export interface AdminAccountJson {
  id: string;
  username: string;
  domain: string | null;
  created_at: string;
  email: string | null;
  ip: string | null;
  ips: AdminIpJson[];
  locale: string | null;
  invite_request: string | null;
  role: RoleJson | null;
  confirmed: boolean;
  approved: boolean;
  disabled: boolean;
  sensitized: boolean;
  silenced: boolean;
  suspended: boolean;
  account: AccountJson;
  created_by_application_id?: string;
  invited_by_account_id?: string;
}

/** Mastodon's Admin::Report. */
export interface AdminReportJson {
  id: string;
  action_taken: boolean;
  action_taken_at: string | null;
  category: ReportCategory;
  comment: string;
  forwarded: boolean;
  created_at: string;
  updated_at: string;
  account: AdminAccountJson;
  target_account: AdminAccountJson;
  assigned_account: AdminAccountJson | null;
  action_taken_by_account: AdminAccountJson | null;
  statuses: StatusJson[];
  rules: RuleJson[];
}

function serializeAdminAccount(
  account: Account,
  facts: AdminAccountFacts | undefined,
  json: AccountJson,
): AdminAccountJson {
  const user = facts?.user ?? null;
  const ips = (facts?.ips ?? []).map((seen) => ({
    ip: seen.ip,
    used_at: seen.usedAt.toISOString(),
  }));
  const result: AdminAccountJson = {
    id: String(account.id),
    username: account.username,
    domain: account.domain,
    created_at: new Date(account.createdAt).toISOString(),
    email: user?.email ?? null,
    ip: ips[0]?.ip ?? null,
    ips,
    locale: user?.locale ?? null,
    invite_request: user?.signUpReason ?? null,
    role: facts?.role ? serializeRole(facts.role) : null,
    confirmed: user?.confirmedAt != null,
    approved: user?.approved ?? false,
    disabled: user ? userState(user) === 'disabled' : false,
    sensitized: account.sensitizedAt !== null,
    silenced: account.silencedAt !== null,
    suspended: account.suspendedAt !== null,
    account: json,
  };
  if (user?.createdByApplicationId) {
    result.created_by_application_id = String(user.createdByApplicationId);
  }
  if (facts?.invitedByAccountId) result.invited_by_account_id = facts.invitedByAccountId;
  return result;
}

/** Renders Admin::Account and Admin::Report entities in a constant number of queries. */
@Injectable()
export class AdminPresenter {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly adminAccounts: AdminAccountRepository,
    private readonly accountPresenter: AccountPresenter,
    private readonly statuses: StatusRepository,
    private readonly statusPresenter: StatusPresenter,
    private readonly rules: RuleRepository,
  ) {}

  async presentAccount(account: Account): Promise<AdminAccountJson> {
    const [json] = await this.presentAccounts([account]);
    return json;
  }

  /** In the given order (duplicates allowed). */
  async presentAccounts(accounts: Account[]): Promise<AdminAccountJson[]> {
    if (accounts.length === 0) return [];
    const [facts, json] = await Promise.all([
      this.adminAccounts.facts(accounts.map((account) => account.id)),
      this.accountPresenter.presentMany(accounts),
    ]);
    return accounts.map((account, i) =>
      serializeAdminAccount(account, facts.get(account.id), json[i]),
    );
  }

  async presentReport(report: Report, viewer: Account): Promise<AdminReportJson> {
    const [json] = await this.presentReports([report], viewer);
    return json;
  }

  /**
   * Reports with their accounts (reporter, target, assignee, resolver), their statuses
   * (deleted ones included, as moderators see them) and rules (deleted ones too).
   */
  async presentReports(reports: Report[], viewer: Account): Promise<AdminReportJson[]> {
    if (reports.length === 0) return [];
    const accountList = await this.accounts.findByIds(
      reports.flatMap((report) => [
        report.accountId,
        report.targetAccountId,
        ...(report.assignedAccountId ? [report.assignedAccountId] : []),
        ...(report.actionTakenByAccountId ? [report.actionTakenByAccountId] : []),
      ]),
    );
    const [accountJson, statuses, rules] = await Promise.all([
      this.presentAccounts(accountList),
      this.statuses.findWithRelations(
        reports.flatMap((report) => report.statusIds),
        { withDeleted: true },
      ),
      this.rules.findByIds(reports.flatMap((report) => report.ruleIds ?? [])),
    ]);
    const statusJson = await this.statusPresenter.presentMany(statuses, viewer);
    const accountById = new Map(accountList.map((account, i) => [account.id, accountJson[i]]));
    const statusById = new Map(statuses.map((status, i) => [status.id, statusJson[i]]));
    const ruleById = new Map(rules.map((rule) => [rule.id, serializeRule(rule)]));
    const accountOf = (id: string | null) => (id ? (accountById.get(id) ?? null) : null);
    return reports.map((report) => ({
      ...serializeReportBasics(report),
      updated_at: new Date(report.updatedAt).toISOString(),
      account: accountOf(report.accountId)!,
      target_account: accountOf(report.targetAccountId)!,
      assigned_account: accountOf(report.assignedAccountId),
      action_taken_by_account: accountOf(report.actionTakenByAccountId),
      statuses: report.statusIds.flatMap((id) => statusById.get(id) ?? []),
      rules: (report.ruleIds ?? []).flatMap((id) => ruleById.get(id) ?? []),
    }));
  }
}
