import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { User, UserRole, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { AssignRoleService } from '../roles/assign-role.service';
import { findLocalUser } from './find-local-user';

export interface UserModifications {
  /** Confirm the e-mail address (a pending address change is applied). */
  confirm?: boolean;
  approve?: boolean;
  /** Role name to give; `removeRole` takes any role away. */
  role?: string;
  removeRole?: boolean;
  disable?: boolean;
  enable?: boolean;
}

/** `accounts modify` of the operator CLI: confirm, approve, (dis)able and change roles. */
@Injectable()
export class ModifyUserService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly assignRole: AssignRoleService,
  ) {}

  async modify(
    username: string,
    changes: UserModifications,
  ): Promise<User & { role: UserRole | null }> {
    if (changes.disable && changes.enable) {
      throw new ValidationError('Choose either --disable or --enable, not both');
    }
    if (changes.role && changes.removeRole) {
      throw new ValidationError('Choose either --role or --remove-role, not both');
    }
    const role = changes.role ? await this.assignRole.findByName(changes.role) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const user = await findLocalUser(manager, username);
      const update: Partial<
        Pick<
          User,
          | 'confirmedAt'
          | 'email'
          | 'unconfirmedEmail'
          | 'confirmationTokenDigest'
          | 'approved'
          | 'disabled'
          | 'roleId'
        >
      > = {};
      if (changes.confirm) {
        if (!user.confirmedAt) update.confirmedAt = new Date();
        if (user.unconfirmedEmail) {
          update.email = user.unconfirmedEmail;
          update.unconfirmedEmail = null;
        }
        update.confirmationTokenDigest = null;
      }
      if (changes.approve) update.approved = true;
      if (changes.disable) update.disabled = true;
      if (changes.enable) update.disabled = false;
      if (role !== undefined) update.roleId = role.id;
      if (changes.removeRole) update.roleId = null;
      if (Object.keys(update).length > 0) await manager.getRepository(User).update(user.id, update);
      return manager.getRepository(User).findOneOrFail({
        where: { id: user.id },
        relations: { role: true },
      }) as Promise<User & { role: UserRole | null }>;
    });
  }
}
