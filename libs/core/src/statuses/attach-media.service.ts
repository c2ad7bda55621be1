import { Injectable } from '@nestjs/common';
import {
  MediaAttachment,
  Status,
  StatusWriteRepository,
  Transaction,
  ValidationError,
} from '@nestodon/domain';
import { MediaAttributesEditor, PreparedMediaChange } from '../media/media-attributes-editor';

export interface AttachMediaOptions {
  /** The scheduled status being published: its media may move to the new status. */
  fromScheduledId?: string | null;
  /** New descriptions, focal points and preview images by media id (editing). */
  attributes?: ReadonlyMap<string, PreparedMediaChange>;
}

/** A media change written with the status, for MediaAttributesEditor.finish after commit. */
export interface AppliedMediaChange {
  media: MediaAttachment;
  replacedThumbnail: string | null;
}

/**
 * The media of a new or edited status: exactly `media` (already checked usable, in order) are
 * attached, others it had are detached and usable again, and their new attributes are saved.
 * Media taken by another post meanwhile are a 422.
 */
@Injectable()
export class AttachMediaService {
  constructor(
    private readonly writes: StatusWriteRepository,
    private readonly editor: MediaAttributesEditor,
  ) {}

  async call(
    status: Pick<Status, 'id' | 'accountId'>,
    media: MediaAttachment[],
    options: AttachMediaOptions,
    tx: Transaction,
  ): Promise<Map<string, AppliedMediaChange>> {
    const attached = await this.writes.setMedia(
      status,
      media.map((row) => row.id),
      options.fromScheduledId ?? null,
      tx,
    );
    if (attached !== media.length) {
      throw new ValidationError('Media not found or already attached to another post');
    }
    const applied = new Map<string, AppliedMediaChange>();
    for (const row of media) {
      const change = options.attributes?.get(row.id);
      if (!change) continue;
      const { replacedThumbnail } = await this.editor.apply(row, change, tx);
      applied.set(row.id, { media: row, replacedThumbnail });
    }
    return applied;
  }
}
