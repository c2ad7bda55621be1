import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AccountQueries, SetAccountNoteService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { RelationshipJson, RelationshipPresenter } from '@nestodon/serializers';
import { IsOptional, IsString } from 'class-validator';

class NoteBody {
  /** The note; empty or absent deletes it. At most 2000 characters. */
  @IsOptional()
  @IsString()
  comment?: string;
}

/** POST /api/v1/accounts/:id/note: the viewer's private note; answers the Relationship. */
@Controller('api/v1/accounts/:id/note')
export class AccountNoteController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly notes: SetAccountNoteService,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:accounts')
  async create(
    @Param('id') id: string,
    @Body() body: NoteBody,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.notes.call(viewer, target, body.comment);
    return this.relationships.present(viewer.id, target.id);
  }
}
