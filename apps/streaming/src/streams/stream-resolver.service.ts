import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { StreamViewer } from '../auth/stream-authenticator';
import { StreamError } from '../auth/stream-error';
import { DirectStream } from './direct.stream';
import { HashtagStream } from './hashtag.stream';
import { ListStream } from './list.stream';
import { PublicStream } from './public.stream';
import { ResolvedStream, StreamKind, StreamParams } from './stream-kind';
import { UserStream } from './user.stream';

export const STREAM_KINDS = [UserStream, PublicStream, HashtagStream, ListStream, DirectStream];

/**
 * Turns a stream name and its parameters into channels for a viewer, checking as Mastodon
 * does: an unknown name is 400, a stream needing a user without a token 401, a token without
 * the stream's scopes 401. Public and hashtag streams need no token while the public timeline
 * preview is on.
 */
@Injectable()
export class StreamResolver {
  private readonly kinds: StreamKind[];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    user: UserStream,
    publicStream: PublicStream,
    hashtag: HashtagStream,
    list: ListStream,
    direct: DirectStream,
  ) {
    this.kinds = [user, publicStream, hashtag, list, direct];
  }

  async resolve(
    name: unknown,
    params: StreamParams,
    viewer: StreamViewer | null,
  ): Promise<ResolvedStream> {
    const kind =
      typeof name === 'string' ? this.kinds.find((k) => k.names.includes(name)) : undefined;
    if (!kind) throw StreamError.badRequest('Unknown stream type');
    const stream = name as string;
    if (!viewer) {
      if (!kind.anonymous || !this.config.instance.timelinePreview) {
        throw StreamError.missingToken();
      }
    } else if (!kind.scopes(stream).some((scope) => viewer.scopes.has(scope))) {
      throw StreamError.scopes();
    }
    return kind.resolve(stream, params, viewer);
  }
}
