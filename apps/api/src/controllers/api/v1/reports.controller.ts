import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes } from '@nestodon/auth';
import { CreateReportService } from '@nestodon/core';
import { Account, REPORT_CATEGORIES, ReportCategory } from '@nestodon/domain';
import { ToArray, ToBoolean } from '@nestodon/http';
import { ReportJson, ReportPresenter } from '@nestodon/serializers';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';

class ReportBody {
  @IsOptional()
  @IsString()
  account_id?: string;

  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  status_ids?: string[];

  @IsOptional()
  @IsString()
  comment?: string;

  @IsOptional()
  @IsIn(REPORT_CATEGORIES)
  category?: ReportCategory;

  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  rule_ids?: string[];

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  forward?: boolean;

  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  forward_to_domains?: string[];
}

/** POST /api/v1/reports: report an account (and some of its statuses) to the moderators. */
@Controller('api/v1/reports')
export class ReportsController {
  constructor(
    private readonly createReport: CreateReportService,
    private readonly presenter: ReportPresenter,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:reports')
  async create(
    @CurrentAccount() account: Account,
    @CurrentAuth() auth: AuthContext,
    @Body() body: ReportBody,
  ): Promise<ReportJson> {
    const report = await this.createReport.call(account, {
      accountId: body.account_id ?? '',
      statusIds: body.status_ids,
      comment: body.comment,
      category: body.category,
      ruleIds: body.rule_ids,
      forward: body.forward,
      forwardToDomains: body.forward_to_domains,
      applicationId: auth.application?.id ?? null,
    });
    return this.presenter.present(report);
  }
}
