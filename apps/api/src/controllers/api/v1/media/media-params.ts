import { UploadedFile } from '@nestodon/core';
import { MediaAttachment } from '@nestodon/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';

/** Mastodon's upload limit per account: 30 uploads in 30 minutes. */
export const MEDIA_RATE_LIMIT = {
  family: 'media',
  limit: 30,
  periodSeconds: 30 * 60,
  by: 'account',
} as const;

/** The text fields of an upload or an update (multipart, form or JSON). */
export class MediaParams {
  /** Longer than Mastodon's limit is a 422 from the service, with its message. */
  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  focus?: string;
}

/** A file part of a multipart request, by field name. */
export function uploadedFile(req: Request, field: string): UploadedFile | undefined {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.find((file) => file.fieldname === field);
}

/**
 * The status of an answer about an upload: 200 once processed, `processing` (202 for a new
 * upload, Mastodon's 206 when read again) while the worker has it.
 */
export const processedStatus = (media: MediaAttachment, processing: 202 | 206) =>
  media.processing === 'complete' ? 200 : processing;
