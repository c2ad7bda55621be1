import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  EVERYONE_ROLE_ID,
  hasPermission,
  Invite,
  NotPermittedError,
  OAuthApplication,
  Permission,
  User,
  UserRole,
  userState,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource, EntityManager } from 'typeorm';
import { ActivityTracker } from '../instance/activity-tracker';
import { issueAccessToken, IssuedAccessToken } from '../tokens/issue-access-token';
import { CreateLocalAccountService } from './create-local-account.service';

export interface RegistrationParams {
  username?: string;
  email?: string;
  password?: string;
  agreement: boolean;
  locale?: string | null;
  reason?: string | null;
  inviteCode?: string | null;
}

export interface Registration extends IssuedAccessToken {
  user: User;
  account: Account;
}

/**
 * Sign-up through the API (Mastodon's AppSignUpService): creates an unconfirmed user for the
 * app and a token with the app's scopes, then queues the confirmation mail once committed.
 * Registration mode: `open` approves at once, `approved` waits for staff (a reason is
 * required), `none` refuses unless a valid invite code is given. An invite from someone whose
 * role may bypass approval approves at once in any mode.
 */
@Injectable()
export class RegisterAccountService {
  private readonly logger = new Logger(RegisterAccountService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly createLocalAccount: CreateLocalAccountService,
    private readonly jobs: JobQueue,
    private readonly activity: ActivityTracker,
  ) {}

  async register(
    application: OAuthApplication,
    ip: string | null,
    params: RegistrationParams,
  ): Promise<Registration> {
    const mode = this.config.instance.registrationsMode;
    const registration = await this.dataSource.transaction(async (manager) => {
      const invite = params.inviteCode ? await this.usableInvite(manager, params.inviteCode) : null;
      if (mode === 'none' && !invite) throw new NotPermittedError();
      const bypassApproval = invite ? await this.inviterBypassesApproval(manager, invite) : false;

      const { account, user } = await this.createLocalAccount.create(
        {
          username: params.username,
          email: params.email,
          password: params.password,
          agreement: params.agreement,
          locale: params.locale,
          reason: params.reason,
          reasonRequired: mode === 'approved' && !invite,
          approved: mode === 'open' || bypassApproval,
          confirmed: false,
          createdByApplicationId: application.id,
          inviteId: invite?.id ?? null,
          signUpIp: ip,
        },
        manager,
      );
      if (invite) await this.useInvite(manager, invite);
      const issued = await issueAccessToken(manager, {
        applicationId: application.id,
        userId: user.id,
        scopes: application.scopes,
      });
      return { ...issued, user, account };
    });

    await this.afterCommit(registration.user);
    await this.notifyStaff(registration.account);
    return registration;
  }

  private async afterCommit(user: User): Promise<void> {
    try {
      await this.jobs.enqueue(JobName.SendConfirmationEmail, { userId: user.id });
    } catch (error) {
      // The user exists; they can ask for the mail again through /api/v1/emails/confirmations.
      this.logger.warn(`confirmation mail for user ${user.id} not queued: ${String(error)}`);
    }
    await this.activity.record('registrations').catch(() => undefined);
  }

  /** admin.sign_up for staff who manage users (in the worker); never fails the sign-up. */
  private async notifyStaff(account: Account): Promise<void> {
    try {
      await this.jobs.enqueue(JobName.NotifyAdminsOfSignUp, { accountId: String(account.id) });
    } catch (error) {
      this.logger.warn(`admin.sign_up for account ${account.id} not queued: ${String(error)}`);
    }
  }

  /** An invite that exists, is neither expired nor used up, and whose author may still invite. */
  private async usableInvite(manager: EntityManager, code: string): Promise<Invite | null> {
    const invite = await manager.getRepository(Invite).findOne({ where: { code } });
    if (!invite || !invite.isValid()) return null;
    const inviter = await manager
      .getRepository(User)
      .findOne({ where: { id: invite.userId }, relations: { account: true } });
    if (!inviter?.account || inviter.account.suspendedAt) return null;
    return userState(inviter) === 'functional' ? invite : null;
  }

  private async inviterBypassesApproval(manager: EntityManager, invite: Invite): Promise<boolean> {
    const roles = await manager
      .getRepository(UserRole)
      .createQueryBuilder('role')
      .where('role.id = :everyone', { everyone: EVERYONE_ROLE_ID })
      .orWhere('role.id = (SELECT role_id FROM users WHERE id = :userId)', {
        userId: invite.userId,
      })
      .getMany();
    const mask = roles.reduce((bits, role) => bits | BigInt(role.permissions), 0n);
    return hasPermission(mask, Permission.InviteBypassApproval);
  }

  /** Counts the use atomically, so a code with one use left admits one person. */
  private async useInvite(manager: EntityManager, invite: Invite): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(Invite)
      .set({ uses: () => 'uses + 1' })
      .where('id = :id', { id: invite.id })
      .andWhere('(max_uses IS NULL OR uses < max_uses)')
      .execute();
    if (!result.affected) throw new NotPermittedError();
  }
}
