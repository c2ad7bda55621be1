import { Provider } from '@nestjs/common';
import { AcceptNotificationRequestsService } from './accept-notification-requests.service';
import { ClearNotificationsService } from './clear-notifications.service';
import { DismissNotificationGroupService } from './dismiss-notification-group.service';
import { DismissNotificationRequestsService } from './dismiss-notification-requests.service';
import { DismissNotificationService } from './dismiss-notification.service';
import { NotificationGroupQueries } from './notification-group-queries';
import { NotificationPolicyQueries } from './notification-policy-queries';
import { NotificationQueries } from './notification-queries';
import { NotificationRequestQueries } from './notification-request-queries';
import { NotifyAdminsOfSignUpService } from './notify-admins-of-sign-up.service';
import { NotifyStaffOfReportService } from './notify-staff-of-report.service';
import { NotifyService } from './notify.service';
import { UpdateNotificationPolicyService } from './update-notification-policy.service';

/** The notifications feature's providers, registered by CoreModule. */
export const NOTIFICATIONS_PROVIDERS: Provider[] = [
  AcceptNotificationRequestsService,
  ClearNotificationsService,
  DismissNotificationGroupService,
  DismissNotificationRequestsService,
  DismissNotificationService,
  NotificationGroupQueries,
  NotificationPolicyQueries,
  NotificationQueries,
  NotificationRequestQueries,
  NotifyAdminsOfSignUpService,
  NotifyService,
  NotifyStaffOfReportService,
  UpdateNotificationPolicyService,
];
