import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Account, User, UserRole } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { RoleQueries } from '../roles/role-queries';
import { SettingsQueries } from '../settings/settings-queries';
import { CreateLocalAccountService } from './create-local-account.service';

export interface ProvisionAccountInput {
  username: string;
  email: string;
  /** Generated (and returned) when absent. */
  password?: string;
  confirmed?: boolean;
  approve?: boolean;
  /** Role name, e.g. Owner, Admin or Moderator. */
  role?: string;
}

export interface ProvisionedAccount {
  account: Account;
  user: User;
  role: UserRole | null;
  /** Set when the password was generated. */
  generatedPassword: string | null;
}

/**
 * `accounts create` of the operator CLI: an account made by the operator, who accepts the
 * rules on the person's behalf and may use reserved names. Unless confirmed at once, the
 * person gets the confirmation mail; unless approved (or registrations are open) the account
 * waits for approval as sign-ups do.
 */
@Injectable()
export class ProvisionAccountService {
  private readonly logger = new Logger(ProvisionAccountService.name);

  constructor(
    private readonly settings: SettingsQueries,
    private readonly createLocalAccount: CreateLocalAccountService,
    private readonly roles: RoleQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(input: ProvisionAccountInput): Promise<ProvisionedAccount> {
    const role = input.role ? await this.roles.byName(input.role) : null;
    const generatedPassword = input.password ? null : randomBytes(16).toString('hex');
    const registrationsMode = await this.settings.registrationsMode();
    const { account, user } = await this.createLocalAccount.call({
      username: input.username,
      email: input.email,
      password: input.password ?? generatedPassword!,
      agreement: true,
      allowReservedUsername: true,
      confirmed: input.confirmed ?? false,
      approved: (input.approve ?? false) || registrationsMode === 'open',
      roleId: role?.id ?? null,
    });
    if (!user.confirmedAt) {
      await this.jobs
        .enqueue(JobName.SendConfirmationEmail, { userId: user.id })
        .catch((error) =>
          this.logger.warn(`confirmation mail for ${account.username} not queued: ${error}`),
        );
    }
    return { account, user, role, generatedPassword };
  }
}
