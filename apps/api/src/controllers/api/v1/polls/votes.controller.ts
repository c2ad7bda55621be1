import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { VoteInPollService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { PollJson, StatusPresenter } from '@nestodon/serializers';
import { Transform } from 'class-transformer';
import { IsArray, IsInt } from 'class-validator';

class VoteParams {
  /** Option indices; `choices[]=0&choices[]=2` or a JSON array. */
  @Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null || value === '') return [];
    const list = Array.isArray(value)
      ? value
      : typeof value === 'object'
        ? Object.values(value as object)
        : [value];
    return list.map((item) =>
      typeof item === 'string' && /^\d{1,6}$/.test(item.trim()) ? Number(item) : item,
    );
  })
  @IsArray()
  @IsInt({ each: true })
  choices: number[];
}

/** POST /api/v1/polls/:id/votes */
@Controller('api/v1/polls/:id/votes')
export class PollVotesController {
  constructor(
    private readonly votes: VoteInPollService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:statuses')
  async create(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: VoteParams,
  ): Promise<PollJson> {
    const { poll, status } = await this.votes.call(account, id, body.choices ?? []);
    return this.presenter.presentPoll(poll, status, account);
  }
}
