import { Injectable } from '@nestjs/common';
import { RecordNotFoundError, UserRepository, UserRole } from '@nestodon/domain';
import { RoleQueries } from './role-queries';

/**
 * Gives a user the named role, or takes the role away (`null`: only the everyone role's
 * permissions remain). Returns the role given. For the admin API to come and for tests.
 */
@Injectable()
export class AssignRoleService {
  constructor(
    private readonly roles: RoleQueries,
    private readonly users: UserRepository,
  ) {}

  async call(userId: string, roleName: string | null): Promise<UserRole | null> {
    const role = roleName === null ? null : await this.roles.byName(roleName);
    if (!(await this.users.update(userId, { roleId: role?.id ?? null }))) {
      throw new RecordNotFoundError();
    }
    return role;
  }
}
