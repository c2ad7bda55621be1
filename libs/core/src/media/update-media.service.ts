import { Injectable } from '@nestjs/common';
import { Account, MediaAttachment } from '@nestodon/domain';
import { MediaAttributesEditor, MediaAttributesInput } from './media-attributes-editor';
import { MediaQueries } from './media-queries';

/**
 * PUT /api/v1/media/:id: the description, focal point or custom preview of one's own upload
 * while it is on no posted status (after that, only through an edit of the status, as
 * Mastodon).
 */
@Injectable()
export class UpdateMediaService {
  constructor(
    private readonly queries: MediaQueries,
    private readonly editor: MediaAttributesEditor,
  ) {}

  async call(account: Account, id: string, input: MediaAttributesInput): Promise<MediaAttachment> {
    const media = await this.queries.findEditable(account, id);
    const change = await this.editor.prepare(media, input);
    let applied;
    try {
      applied = await this.editor.apply(media, change);
    } catch (error) {
      await this.editor.discard(change);
      throw error;
    }
    await this.editor.finish(media, change, applied);
    return media;
  }
}
