import { Injectable } from '@nestjs/common';
import { normalizeTagName } from '@nestodon/domain';
import { Channel } from '@nestodon/pubsub';
import { StreamError } from '../auth/stream-error';
import { ResolvedStream, STATUS_SCOPES, StreamKind, StreamParams } from './stream-kind';

/** Public statuses with a hashtag (`tag=`), from everywhere or local ones only. */
@Injectable()
export class HashtagStream implements StreamKind {
  readonly names = ['hashtag', 'hashtag:local'] as const;
  readonly anonymous = true;

  scopes(): readonly string[] {
    return STATUS_SCOPES;
  }

  async resolve(name: string, params: StreamParams): Promise<ResolvedStream> {
    const tag = normalizeTagName(params.tag ?? '');
    if (!tag) throw StreamError.badRequest('Missing tag name parameter');
    return {
      key: [name, params.tag!],
      channels: [name === 'hashtag:local' ? Channel.hashtagLocal(tag) : Channel.hashtag(tag)],
      filterContext: 'public',
      publicTimeline: true,
    };
  }
}
