import { Injectable } from '@nestjs/common';
import { isValidId, StreamingFactsRepository } from '@nestodon/domain';
import { Channel } from '@nestodon/pubsub';
import { StreamViewer } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { ResolvedStream, STATUS_SCOPES, StreamKind, StreamParams } from './stream-kind';

/** One of the viewer's lists (`list=`); other people's lists are refused. */
@Injectable()
export class ListStream implements StreamKind {
  readonly names = ['list'] as const;
  readonly anonymous = false;

  constructor(private readonly facts: StreamingFactsRepository) {}

  scopes(): readonly string[] {
    return STATUS_SCOPES;
  }

  async resolve(
    name: string,
    params: StreamParams,
    viewer: StreamViewer | null,
  ): Promise<ResolvedStream> {
    const listId = params.list;
    if (!listId) throw StreamError.badRequest('Missing list name parameter');
    if (!isValidId(listId) || !(await this.facts.ownsList(viewer!.accountId, listId))) {
      throw new StreamError(401, 'Not authorized to stream this list');
    }
    return {
      key: [name, listId],
      channels: [Channel.list(listId)],
      filterContext: 'home',
      publicTimeline: false,
    };
  }
}
