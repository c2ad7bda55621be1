import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { Rule } from '../entities/rule.entity';

/** The server rules (`rules`). */
@Injectable()
export class RuleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Rules not deleted, in the order staff gave them. */
  activeRules(): Promise<Rule[]> {
    return this.dataSource.getRepository(Rule).find({
      where: { deletedAt: IsNull() },
      order: { priority: 'ASC', id: 'ASC' },
    });
  }

  /** Rules by id, deleted ones included (reports keep the rules they named). */
  findByIds(ids: string[]): Promise<Rule[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(Rule)
      .find({ where: { id: In([...new Set(ids)]) }, order: { priority: 'ASC', id: 'ASC' } });
  }
}
