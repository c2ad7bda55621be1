import { Injectable } from '@nestjs/common';
import {
  AccountRepository,
  AccountWarning,
  AccountWarningRepository,
  isValidId,
  NotPermittedError,
  RecordNotFoundError,
  Report,
  ReportRepository,
  Transaction,
  TransactionRunner,
  UserRepository,
} from '@nestodon/domain';
import {
  AccountActionType,
  mayTakeAccountAction,
  resolvesAllOpenReports,
  warningText,
} from '@nestodon/policies';
import { Channel, PublisherService, SystemEvent } from '@nestodon/pubsub';
import { ActionLog } from './action-log';
import { AdminAccountQueries } from './admin-account-queries';
import { Moderator } from './moderator';

export interface AccountActionInput {
  type: AccountActionType;
  reportId?: string;
  warningPresetId?: string;
  text?: string;
}

/**
 * A moderator's action on an account (Mastodon's Admin::AccountAction): disable the login, mark
 * the media sensitive, silence (limit) or suspend, or only warn (`none`). Each records a strike
 * with the preset's and the moderator's text and the report's statuses, and is logged; every
 * type but `none` resolves all the account's open reports, `none` only the report given.
 * A disabled or suspended user's streaming connections close; their tokens stop working at once
 * (the token guard refuses disabled users and suspended accounts).
 */
@Injectable()
export class TakeAccountActionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly queries: AdminAccountQueries,
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly reports: ReportRepository,
    private readonly warnings: AccountWarningRepository,
    private readonly log: ActionLog,
    private readonly publisher: PublisherService,
  ) {}

  async call(
    moderator: Moderator,
    accountId: string,
    input: AccountActionInput,
  ): Promise<AccountWarning> {
    const { account, facts } = await this.queries.withFacts(accountId);
    if (
      !mayTakeAccountAction(input.type, moderator.role, { role: facts.role, hasUser: !!facts.user })
    ) {
      throw new NotPermittedError();
    }
    const report = input.reportId ? await this.findReport(input.reportId) : null;
    const preset = input.warningPresetId ? await this.findPreset(input.warningPresetId) : null;
    const target = { type: 'Account' as const, id: account.id, name: account.username };

    const warning = await this.transactions.run(async (tx) => {
      const now = new Date();
      switch (input.type) {
        case 'disable':
          await this.users.update(facts.user!.id, { disabled: true }, tx);
          await this.log.record(
            moderator,
            'disable',
            { ...target, type: 'User', id: facts.user!.id },
            tx,
          );
          break;
        case 'sensitive':
          await this.accounts.update(account.id, { sensitizedAt: now }, tx);
          await this.log.record(moderator, 'sensitive', target, tx);
          break;
        case 'silence':
          await this.accounts.update(account.id, { silencedAt: now }, tx);
          await this.log.record(moderator, 'silence', target, tx);
          break;
        case 'suspend':
          await this.accounts.update(account.id, { suspendedAt: now }, tx);
          await this.log.record(moderator, 'suspend', target, tx);
          break;
        case 'none':
          break;
      }
      const strike = await this.warnings.insertWarning(
        {
          accountId: moderator.account.id,
          targetAccountId: account.id,
          action: input.type,
          text: warningText(preset?.text ?? null, input.text ?? null),
          reportId: report?.id ?? null,
          statusIds: report && report.statusIds.length > 0 ? report.statusIds : null,
        },
        tx,
      );
      // Only a warning someone wrote is worth a line of its own (as Mastodon).
      if (input.type === 'none' && strike.text) {
        await this.log.record(
          moderator,
          'create',
          { type: 'AccountWarning', id: strike.id, name: account.username },
          tx,
        );
      }
      await this.resolveReports(moderator, account.id, input.type, report, tx);
      return strike;
    });
    if (input.type === 'disable' || input.type === 'suspend') {
      await this.publisher.publish(Channel.system(account.id), { event: SystemEvent.Kill });
    }
    return warning;
  }

  private async resolveReports(
    moderator: Moderator,
    accountId: string,
    type: AccountActionType,
    report: Report | null,
    tx: Transaction,
  ): Promise<void> {
    let resolved: string[] = [];
    if (resolvesAllOpenReports(type)) {
      resolved = await this.reports.resolveOpenAbout(accountId, moderator.account.id, tx);
    }
    if (report && !resolved.includes(report.id) && report.actionTakenAt === null) {
      await this.reports.update(
        report.id,
        { actionTakenAt: new Date(), actionTakenByAccountId: moderator.account.id },
        tx,
      );
      resolved.push(report.id);
    }
    for (const id of resolved) {
      await this.log.record(moderator, 'resolve', { type: 'Report', id, name: id }, tx);
    }
  }

  private async findReport(id: string): Promise<Report> {
    const report = isValidId(id) ? await this.reports.findById(id) : null;
    if (!report) throw new RecordNotFoundError();
    return report;
  }

  private async findPreset(id: string) {
    const preset = isValidId(id) ? await this.warnings.findPreset(id) : null;
    if (!preset) throw new RecordNotFoundError();
    return preset;
  }
}
