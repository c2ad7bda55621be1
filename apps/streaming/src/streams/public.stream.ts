import { Injectable } from '@nestjs/common';
import { Channel } from '@nestodon/pubsub';
import { ResolvedStream, STATUS_SCOPES, StreamKind } from './stream-kind';

const CHANNELS: Readonly<Record<string, string>> = {
  public: Channel.public,
  'public:media': Channel.publicMedia,
  'public:local': Channel.publicLocal,
  'public:local:media': Channel.publicLocalMedia,
  'public:remote': Channel.publicRemote,
  'public:remote:media': Channel.publicRemoteMedia,
};

/** The federated, local and remote timelines, each optionally with media only. */
@Injectable()
export class PublicStream implements StreamKind {
  readonly names = Object.keys(CHANNELS);
  readonly anonymous = true;

  scopes(): readonly string[] {
    return STATUS_SCOPES;
  }

  async resolve(name: string): Promise<ResolvedStream> {
    return {
      key: [name],
      channels: [CHANNELS[name]],
      filterContext: 'public',
      publicTimeline: true,
    };
  }
}
