import { Injectable } from '@nestjs/common';
import { MediaAttachment } from '@nestodon/domain';
import { ConvertedMedia, MediaConverter } from './media-converter';
import { MediaFiles, newFileName } from './media-files';
import { MediaInspector } from './media-inspector';
import { MediaWorkspace } from './media-workspace';

/** The columns of an attachment that its converted file fills. */
export type ConvertedMediaColumns = Pick<
  MediaAttachment,
  'type' | 'fileFileName' | 'fileContentType' | 'fileFileSize' | 'meta' | 'blurhash'
>;

/** The columns for a converted file, stored under a fresh file name. */
export const convertedMediaColumns = (converted: ConvertedMedia): ConvertedMediaColumns => ({
  type: converted.type,
  fileFileName: newFileName(converted.extension),
  fileContentType: converted.contentType,
  fileFileSize: converted.original.length,
  meta: converted.meta,
  blurhash: converted.blurhash,
});

/** A received file made into an attachment's served files, not recorded on its row yet. */
export interface ProcessedMedia {
  columns: ConvertedMediaColumns;
  /** The keys stored: the caller removes them when the row cannot take the columns. */
  stored: string[];
}

/**
 * The step a queued upload and a remote file have in common: the bytes inspected and converted
 * (around the attachment's focal point) and the served styles stored under a fresh name. What
 * fails throws, with nothing left stored.
 */
@Injectable()
export class ReceivedMediaProcessor {
  constructor(
    private readonly inspector: MediaInspector,
    private readonly converter: MediaConverter,
    private readonly files: MediaFiles,
  ) {}

  async process(
    media: Pick<MediaAttachment, 'id' | 'remoteUrl' | 'meta'>,
    data: Buffer,
  ): Promise<ProcessedMedia> {
    const converted = await MediaWorkspace.with(async (workspace) =>
      this.converter.convert(
        await this.inspector.inspect(data, workspace),
        data,
        workspace,
        media.meta?.focus ?? null,
      ),
    );
    const columns = convertedMediaColumns(converted);
    const stored = await this.files.storeConverted({ ...media, ...columns }, converted);
    return { columns, stored };
  }
}
