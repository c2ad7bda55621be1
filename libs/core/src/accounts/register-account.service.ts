import { Injectable, Logger } from '@nestjs/common';
import {
  Account,
  hasPermission,
  Invite,
  InviteRepository,
  NotPermittedError,
  OAuthApplication,
  Permission,
  Transaction,
  TransactionRunner,
  User,
  UserRepository,
  UserRoleRepository,
  userState,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { AccessBlockQueries } from '../access-blocks/access-block-queries';
import { ActivityTracker } from '../instance/activity-tracker';
import { SettingsQueries } from '../settings/settings-queries';
import { IssueAccessTokenService, IssuedAccessToken } from '../tokens/issue-access-token.service';
import { CreateLocalAccountInput, CreateLocalAccountService } from './create-local-account.service';

/** What a person fills in to sign up. */
export type RegistrationParams = Pick<
  CreateLocalAccountInput,
  'username' | 'email' | 'password' | 'agreement' | 'locale' | 'reason'
> & { inviteCode?: string | null };

export interface Registration extends IssuedAccessToken {
  user: User;
  account: Account;
}

/**
 * Sign-up through the API (Mastodon's AppSignUpService): creates an unconfirmed user for the
 * app and a token with the app's scopes, then queues the confirmation mail once committed.
 * Registration mode (a runtime setting): `open` approves at once, `approved` waits for staff
 * (with a reason, unless the operator made it optional), `none` refuses unless a valid invite
 * code is given. An invite from someone whose
 * role may bypass approval approves at once in any mode. Blocks screen it first (Mastodon's
 * order): an IP block refuses it without an invite, a blocked e-mail address is a 422, and a
 * block that only asks for approval makes it wait for staff.
 */
@Injectable()
export class RegisterAccountService {
  private readonly logger = new Logger(RegisterAccountService.name);

  constructor(
    private readonly settings: SettingsQueries,
    private readonly transactions: TransactionRunner,
    private readonly invites: InviteRepository,
    private readonly users: UserRepository,
    private readonly roles: UserRoleRepository,
    private readonly createLocalAccount: CreateLocalAccountService,
    private readonly issueAccessToken: IssueAccessTokenService,
    private readonly jobs: JobQueue,
    private readonly activity: ActivityTracker,
    private readonly accessBlocks: AccessBlockQueries,
  ) {}

  async call(
    application: OAuthApplication,
    ip: string | null,
    params: RegistrationParams,
  ): Promise<Registration> {
    const { registrationsMode: mode, requireInviteText } = await this.settings.current();
    const screening = await this.accessBlocks.screenSignUp(params.email ?? '', ip);
    if (screening === 'email_blocked') {
      throw new ValidationError('Validation failed: Email is not allowed', {
        email: [{ error: 'ERR_BLOCKED', description: 'is not allowed' }],
      });
    }
    const registration = await this.transactions.run(async (tx) => {
      const invite = params.inviteCode ? await this.usableInvite(params.inviteCode, tx) : null;
      if ((mode === 'none' || screening === 'refused') && !invite) throw new NotPermittedError();
      const bypassApproval = invite ? await this.inviterBypassesApproval(invite, tx) : false;

      const { account, user } = await this.createLocalAccount.call(
        {
          username: params.username,
          email: params.email,
          password: params.password,
          agreement: params.agreement,
          locale: params.locale,
          reason: params.reason,
          reasonRequired: mode === 'approved' && requireInviteText && !invite,
          approved: (mode === 'open' && screening === 'allowed') || bypassApproval,
          confirmed: false,
          createdByApplicationId: application.id,
          inviteId: invite?.id ?? null,
          signUpIp: ip,
        },
        tx,
      );
      // Counted atomically, so a code with one use left admits one person.
      if (invite && !(await this.invites.countUse(invite.id, tx))) throw new NotPermittedError();
      const issued = await this.issueAccessToken.call(
        { applicationId: application.id, userId: user.id, scopes: application.scopes },
        tx,
      );
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
  private async usableInvite(code: string, tx: Transaction): Promise<Invite | null> {
    const invite = await this.invites.findByCode(code, tx);
    if (!invite || !invite.isValid()) return null;
    const inviter = await this.users.findWithAccount(invite.userId, tx);
    if (!inviter?.account || inviter.account.suspendedAt) return null;
    return userState(inviter) === 'functional' ? invite : null;
  }

  private async inviterBypassesApproval(invite: Invite, tx: Transaction): Promise<boolean> {
    const roles = await this.roles.rolesOfUser(invite.userId, tx);
    const mask = roles.reduce((bits, role) => bits | BigInt(role.permissions), 0n);
    return hasPermission(mask, Permission.InviteBypassApproval);
  }
}
