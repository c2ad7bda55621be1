import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  CreateListService,
  DeleteListService,
  ListQueries,
  UpdateListService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ToBoolean, Update } from '@nestodon/http';
import { ListJson, serializeList } from '@nestodon/serializers';
import { IsBoolean, IsOptional, IsString } from 'class-validator';

class ListBody {
  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  replies_policy?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  exclusive?: boolean;
}

/** /api/v1/lists: the user's lists (at most 50), each with a title, replies policy, exclusivity. */
@Controller('api/v1/lists')
export class ListsController {
  constructor(
    private readonly lists: ListQueries,
    private readonly createList: CreateListService,
    private readonly updateList: UpdateListService,
    private readonly deleteList: DeleteListService,
  ) {}

  @Get()
  @Scopes('read:lists')
  async index(@CurrentAccount() account: Account): Promise<ListJson[]> {
    return (await this.lists.all(account)).map(serializeList);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:lists')
  async create(@CurrentAccount() account: Account, @Body() body: ListBody): Promise<ListJson> {
    return serializeList(
      await this.createList.call(account, {
        title: body.title,
        repliesPolicy: body.replies_policy,
        exclusive: body.exclusive,
      }),
    );
  }

  @Get(':id')
  @Scopes('read:lists')
  async show(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ListJson> {
    return serializeList(await this.lists.owned(account, id));
  }

  @Update(':id')
  @Scopes('write:lists')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: ListBody,
  ): Promise<ListJson> {
    const list = await this.lists.owned(account, id);
    return serializeList(
      await this.updateList.call(list, {
        title: body.title,
        repliesPolicy: body.replies_policy,
        exclusive: body.exclusive,
      }),
    );
  }

  @Delete(':id')
  @Scopes('write:lists')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.deleteList.call(await this.lists.owned(account, id));
    return {};
  }
}
