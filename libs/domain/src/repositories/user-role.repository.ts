import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserRole } from '../entities/user-role.entity';
import { EVERYONE_ROLE_ID } from '../permissions';
import { Transaction } from '../transactions';

/** Roles (`user_roles`), including the implicit everyone role every user has. */
@Injectable()
export class UserRoleRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(id: string): Promise<UserRole | null> {
    return this.dataSource.getRepository(UserRole).findOneBy({ id });
  }

  /**
   * A role a user may be given, by name (case-insensitive; the highest one if several match).
   * The everyone role has no name to find.
   */
  findAssignableByName(name: string): Promise<UserRole | null> {
    return this.dataSource
      .getRepository(UserRole)
      .createQueryBuilder('role')
      .where('lower(role.name) = lower(:name)', { name })
      .andWhere('role.id <> :everyone', { everyone: EVERYONE_ROLE_ID })
      .orderBy('role.position', 'DESC')
      .getOne();
  }

  /** Every role but the everyone role, highest first. */
  list(): Promise<UserRole[]> {
    return this.dataSource
      .getRepository(UserRole)
      .createQueryBuilder('role')
      .where('role.id <> :everyone', { everyone: EVERYONE_ROLE_ID })
      .orderBy('role.position', 'DESC')
      .addOrderBy('role.id')
      .getMany();
  }

  /** Inserts or updates a role. */
  save(role: Partial<UserRole>, tx?: Transaction): Promise<UserRole> {
    return (tx ?? this.dataSource.manager).getRepository(UserRole).save(role);
  }

  /** The roles whose permissions a user has: the everyone role and the user's own, if any. */
  rolesOfUser(userId: string, tx?: Transaction): Promise<UserRole[]> {
    return (tx ?? this.dataSource.manager)
      .getRepository(UserRole)
      .createQueryBuilder('role')
      .where('role.id = :everyone', { everyone: EVERYONE_ROLE_ID })
      .orWhere('role.id = (SELECT role_id FROM users WHERE id = :userId)', { userId })
      .getMany();
  }
}
