import { Provider } from '@nestjs/common';
import { ActionLog } from './action-log';
import { AdminAccountQueries } from './admin-account-queries';
import { AdminReportQueries } from './admin-report-queries';
import { AuditLogQueries } from './audit-log-queries';
import { ChangeReportStateService } from './change-report-state.service';
import { DashboardMetricsQueries } from './dashboard-metrics-queries';
import { DeleteAccountDataService } from './delete-account-data.service';
import { DeleteSuspendedAccountService } from './delete-suspended-account.service';
import { LiftAccountSanctionService } from './lift-account-sanction.service';
import { ReviewSignUpService } from './review-sign-up.service';
import { TakeAccountActionService } from './take-account-action.service';
import { UpdateReportService } from './update-report.service';

/** The admin API's providers (moderation of accounts and reports), registered by CoreModule. */
export const ADMIN_PROVIDERS: Provider[] = [
  ActionLog,
  AdminAccountQueries,
  AdminReportQueries,
  AuditLogQueries,
  ChangeReportStateService,
  DashboardMetricsQueries,
  DeleteAccountDataService,
  DeleteSuspendedAccountService,
  LiftAccountSanctionService,
  ReviewSignUpService,
  TakeAccountActionService,
  UpdateReportService,
];
