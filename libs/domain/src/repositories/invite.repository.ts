import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Invite } from '../entities/invite.entity';
import { Transaction } from '../transactions';

/** Invite codes (`invites`). */
@Injectable()
export class InviteRepository {
  constructor(private readonly dataSource: DataSource) {}

  findByCode(code: string, tx?: Transaction): Promise<Invite | null> {
    return (tx ?? this.dataSource.manager).getRepository(Invite).findOne({ where: { code } });
  }

  /**
   * Counts one use atomically, so that a code with one use left admits one person; false when
   * the code was used up meanwhile.
   */
  async countUse(id: string, tx?: Transaction): Promise<boolean> {
    const result = await (tx ?? this.dataSource.manager)
      .createQueryBuilder()
      .update(Invite)
      .set({ uses: () => 'uses + 1' })
      .where('id = :id', { id })
      .andWhere('(max_uses IS NULL OR uses < max_uses)')
      .execute();
    return Boolean(result.affected);
  }
}
