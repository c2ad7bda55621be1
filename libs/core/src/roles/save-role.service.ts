import { Injectable } from '@nestjs/common';
import {
  PERMISSION_NAMES,
  TransactionRunner,
  UserRole,
  UserRoleRepository,
  ValidationError,
} from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';

/** What a role is made of; left out, a value stays (or takes Mastodon's default). */
export interface RoleValues {
  name?: string;
  /** Mastodon's permission names (`manage_reports`), replacing the role's. */
  permissions?: string[];
  position?: number;
  color?: string;
  highlighted?: boolean;
}

/** The mask of the named permissions; ValidationError naming any unknown one. */
function permissionMask(names: string[]): string {
  const unknown = names.filter((name) => !PERMISSION_NAMES.has(name));
  if (unknown.length > 0) {
    throw new ValidationError(
      `Unknown permission ${unknown.join(', ')} (known: ${[...PERMISSION_NAMES.keys()].join(', ')})`,
    );
  }
  return String(names.reduce((mask, name) => mask | PERMISSION_NAMES.get(name)!, 0n));
}

/**
 * Creates a role (`existing` null) or changes one, as Mastodon's admin roles form (the operator
 * CLI's `roles create` and `roles update`): a name is required and unique among roles, colours
 * are `#rrggbb`. Logged in the audit log.
 */
@Injectable()
export class SaveRoleService {
  constructor(
    private readonly roles: UserRoleRepository,
    private readonly transactions: TransactionRunner,
    private readonly log: ActionLog,
  ) {}

  async call(
    moderator: Moderator | null,
    existing: UserRole | null,
    values: RoleValues,
  ): Promise<UserRole> {
    const name = (values.name ?? existing?.name ?? '').trim();
    if (!name) throw new ValidationError("Validation failed: Name can't be blank");
    const clash = await this.roles.findAssignableByName(name);
    if (clash && clash.id !== existing?.id) {
      throw new ValidationError('Validation failed: Name has already been taken');
    }
    if (
      values.color !== undefined &&
      values.color !== '' &&
      !/^#[0-9a-f]{6}$/i.test(values.color)
    ) {
      throw new ValidationError('Validation failed: Color must be #rrggbb');
    }
    return this.transactions.run(async (tx) => {
      const role = await this.roles.save(
        {
          ...(existing ? { id: existing.id } : {}),
          name,
          permissions:
            values.permissions === undefined
              ? (existing?.permissions ?? '0')
              : permissionMask(values.permissions),
          position: values.position ?? existing?.position ?? 0,
          color: values.color ?? existing?.color ?? '',
          highlighted: values.highlighted ?? existing?.highlighted ?? false,
        },
        tx,
      );
      await this.log.record(
        moderator,
        existing ? 'update' : 'create',
        { type: 'UserRole', id: role.id, name: role.name },
        tx,
      );
      return role;
    });
  }
}
