import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
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
}
