import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EVERYONE_ROLE_ID, RecordNotFoundError, User, UserRole } from '@nestodon/domain';
import { Repository } from 'typeorm';

export class UnknownRoleError extends RecordNotFoundError {
  constructor(readonly roleName: string) {
    super(`No role is named "${roleName}"`);
  }
}

/** Finds roles by name and gives them to users (CLI, and later the admin API). */
@Injectable()
export class AssignRoleService {
  constructor(
    @InjectRepository(UserRole) private readonly roles: Repository<UserRole>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** A named role, case-insensitively; the implicit everyone role has no name to find. */
  async findByName(name: string): Promise<UserRole> {
    const trimmed = name.trim();
    const role = trimmed
      ? await this.roles
          .createQueryBuilder('role')
          .where('lower(role.name) = lower(:name)', { name: trimmed })
          .andWhere('role.id <> :everyone', { everyone: EVERYONE_ROLE_ID })
          .orderBy('role.position', 'DESC')
          .getOne()
      : null;
    if (!role) throw new UnknownRoleError(name);
    return role;
  }

  /** Gives the user a role, or none (`null`: only the everyone role's permissions remain). */
  async assign(userId: string, role: UserRole | null): Promise<void> {
    const result = await this.users.update(userId, { roleId: role?.id ?? null });
    if (!result.affected) throw new RecordNotFoundError();
  }

  async assignByName(userId: string, name: string): Promise<UserRole> {
    const role = await this.findByName(name);
    await this.assign(userId, role);
    return role;
  }
}
