import { Injectable } from '@nestjs/common';
import { Channel } from '@nestodon/pubsub';
import { StreamViewer } from '../auth/stream-authenticator';
import { ResolvedStream, STATUS_SCOPES, StreamKind } from './stream-kind';

/** The viewer's conversations (`conversation` events). */
@Injectable()
export class DirectStream implements StreamKind {
  readonly names = ['direct'] as const;
  readonly anonymous = false;

  scopes(): readonly string[] {
    return STATUS_SCOPES;
  }

  async resolve(
    name: string,
    _params: unknown,
    viewer: StreamViewer | null,
  ): Promise<ResolvedStream> {
    return {
      key: [name],
      channels: [Channel.direct(viewer!.accountId)],
      filterContext: null,
      publicTimeline: false,
    };
  }
}
