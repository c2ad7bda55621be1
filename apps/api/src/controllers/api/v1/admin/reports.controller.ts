import { Body, Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CurrentAccount, RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AdminReportQueries,
  ChangeReportStateService,
  Moderator,
  ReportStateChange,
  UpdateReportService,
} from '@nestodon/core';
import { Account, Permission, REPORT_CATEGORIES, ReportCategory } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToArray, ToBoolean, Update } from '@nestodon/http';
import { AdminPresenter, AdminReportJson } from '@nestodon/serializers';
import { IsArray, IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import type { Request, Response } from 'express';
import { CurrentModerator } from '../../../../support/current-moderator';
import { AdminPost } from '../../../../support/admin-route';
import { idPageLinks } from '../../../../support/relation-page';

class ReportsQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  resolved?: boolean;

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  account_id?: string;

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  target_account_id?: string;
}

class ReportUpdateBody {
  @IsOptional()
  @IsIn(REPORT_CATEGORIES)
  category?: ReportCategory;

  @IsOptional()
  @ToArray()
  @IsArray()
  @Matches(/^\d{1,19}$/, { each: true })
  rule_ids?: string[];
}

/** /api/v1/admin/reports: moderators (manage_reports) list, recategorise and settle reports. */
@Controller('api/v1/admin/reports')
export class AdminReportsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AdminReportQueries,
    private readonly presenter: AdminPresenter,
    private readonly updateReport: UpdateReportService,
    private readonly changeState: ChangeReportStateService,
  ) {}

  /** Open reports by default; `resolved=true` lists resolved ones. */
  @Get()
  @Scopes('admin:read:reports')
  @RequirePermission(Permission.ManageReports)
  async index(
    @Query() query: ReportsQuery,
    @Page({ defaultLimit: 100 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminReportJson[]> {
    const reports = await this.queries.page(
      {
        resolved: query.resolved ?? false,
        accountId: query.account_id,
        targetAccountId: query.target_account_id,
      },
      page,
    );
    setPageLinks(
      req,
      res,
      this.config.instance.baseUrl,
      idPageLinks(reports, page.limit, ['resolved', 'account_id', 'target_account_id']),
    );
    return this.presenter.presentReports(reports, viewer);
  }

  @Get(':id')
  @Scopes('admin:read:reports')
  @RequirePermission(Permission.ManageReports)
  async show(@Param('id') id: string, @CurrentAccount() viewer: Account): Promise<AdminReportJson> {
    return this.presenter.presentReport(await this.queries.byId(id), viewer);
  }

  @Update(':id')
  @Scopes('admin:write:reports')
  @RequirePermission(Permission.ManageReports)
  async update(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
    @Body() body: ReportUpdateBody,
  ): Promise<AdminReportJson> {
    const report = await this.updateReport.call(moderator, id, {
      category: body.category,
      ruleIds: body.rule_ids,
    });
    return this.presenter.presentReport(report, moderator.account);
  }

  @AdminPost(':id/assign_to_self', 'admin:write:reports', Permission.ManageReports)
  assignToSelf(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.changed(moderator, id, 'assign_to_self');
  }

  @AdminPost(':id/unassign', 'admin:write:reports', Permission.ManageReports)
  unassign(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.changed(moderator, id, 'unassign');
  }

  @AdminPost(':id/resolve', 'admin:write:reports', Permission.ManageReports)
  resolve(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.changed(moderator, id, 'resolve');
  }

  @AdminPost(':id/reopen', 'admin:write:reports', Permission.ManageReports)
  reopen(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.changed(moderator, id, 'reopen');
  }

  private async changed(
    moderator: Moderator,
    id: string,
    change: ReportStateChange,
  ): Promise<AdminReportJson> {
    const report = await this.changeState.call(moderator, id, change);
    return this.presenter.presentReport(report, moderator.account);
  }
}
