import { Injectable } from '@nestjs/common';
import { List, ListRepository } from '@nestodon/domain';
import { ListInput, parseRepliesPolicy, validateListTitle } from './list-rules';

/** Renames a list or changes its replies policy or exclusivity; absent fields stay. */
@Injectable()
export class UpdateListService {
  constructor(private readonly lists: ListRepository) {}

  call(list: List, input: ListInput): Promise<List> {
    if (input.title !== undefined) list.title = validateListTitle(input.title);
    if (input.repliesPolicy !== undefined)
      list.repliesPolicy = parseRepliesPolicy(input.repliesPolicy);
    if (input.exclusive !== undefined) list.exclusive = input.exclusive;
    return this.lists.saveList(list);
  }
}
