import { Injectable } from '@nestjs/common';
import { RecordNotFoundError, UserRole, UserRoleRepository } from '@nestodon/domain';

export class UnknownRoleError extends RecordNotFoundError {
  constructor(readonly roleName: string) {
    super(`No role is named "${roleName}"`);
  }
}

/** Reads of the roles staff give users. */
@Injectable()
export class RoleQueries {
  constructor(private readonly roles: UserRoleRepository) {}

  /** Every role staff may give, highest first. */
  list(): Promise<UserRole[]> {
    return this.roles.list();
  }

  /**
   * A role by name, case-insensitively; the implicit everyone role has no name to find.
   * UnknownRoleError otherwise.
   */
  async byName(name: string): Promise<UserRole> {
    const trimmed = name.trim();
    const role = trimmed ? await this.roles.findAssignableByName(trimmed) : null;
    if (!role) throw new UnknownRoleError(name);
    return role;
  }
}
