import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { List } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { ListInput, parseRepliesPolicy, validateListTitle } from './list-rules';

/** Renames a list or changes its replies policy or exclusivity; absent fields stay. */
@Injectable()
export class UpdateListService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async update(list: List, input: ListInput): Promise<List> {
    if (input.title !== undefined) list.title = validateListTitle(input.title);
    if (input.repliesPolicy !== undefined)
      list.repliesPolicy = parseRepliesPolicy(input.repliesPolicy);
    if (input.exclusive !== undefined) list.exclusive = input.exclusive;
    return this.dataSource.getRepository(List).save(list);
  }
}
