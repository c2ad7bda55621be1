import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ObjectCannedACL,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig, S3Config } from '@nestodon/config';
import { MediaAccess, MediaStorage, PRIVATE_MEDIA_FOLDER, PutOptions } from './media-storage';

/** Stored files never change (a new upload gets a new key), so caches may keep them for good. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=315576000, immutable';

/**
 * Files in an S3-compatible bucket (S3_ENABLED): AWS, or any service at S3_ENDPOINT (addressed
 * path-style). Public files are served by the bucket or S3_ALIAS_HOST; private ones sit under a
 * hidden prefix with a private ACL (when ACLs are in use).
 */
@Injectable()
export class S3MediaStorage extends MediaStorage implements OnModuleDestroy {
  private readonly s3: S3Config;
  private readonly client: S3Client;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    if (!config.media.s3) throw new Error('S3MediaStorage needs S3 configuration');
    this.s3 = config.media.s3;
    this.client = new S3Client({
      region: this.s3.region,
      endpoint: this.s3.endpoint ?? undefined,
      forcePathStyle: this.s3.endpoint !== null,
      credentials: this.s3.credentials ?? undefined,
    });
  }

  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    const access = options.access ?? 'public';
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: this.objectKey(key, access),
        Body: data,
        ContentType: options.contentType,
        CacheControl: access === 'public' ? PUBLIC_CACHE_CONTROL : 'private, no-store',
        ACL: this.acl(access),
      }),
    );
  }

  async read(key: string, access: MediaAccess = 'public'): Promise<Buffer> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key, access) }),
    );
    if (!object.Body) throw new Error(`Empty S3 object ${key}`);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async delete(key: string, access: MediaAccess = 'public'): Promise<void> {
    // S3 answers a delete of a missing key with success.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key, access) }),
    );
  }

  url(key: string): string {
    return `${this.config.media.baseUrl}/${key}`;
  }

  async usage(prefix: string): Promise<number> {
    let total = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.s3.bucket,
          Prefix: `${prefix}/`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) total += object.Size ?? 0;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return total;
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string, access: MediaAccess): string {
    return access === 'private' ? `${PRIVATE_MEDIA_FOLDER}/${key}` : key;
  }

  private acl(access: MediaAccess): ObjectCannedACL | undefined {
    if (this.s3.permission === 'none') return undefined;
    return access === 'private' ? 'private' : this.s3.permission;
  }
}
