import { Injectable, Logger } from '@nestjs/common';
import {
  Account,
  AccountField,
  FieldError,
  Limits,
  POSTING_VISIBILITIES,
  ProfileImage,
  profileImageKey,
  profileImageKeys,
  QUOTE_POLICIES,
  StoredUserSettings,
  User,
  ValidationError,
} from '@nestodon/domain';
import ISO6391 from 'iso-639-1';
import { DataSource } from 'typeorm';
import { MediaStorage } from '../media/media-storage';
import { AuthorizeAllFollowRequestsService } from '../relationships/authorize-all-follow-requests.service';
import {
  ProcessedImage,
  ProfileImageProcessor,
  UploadedImage,
} from '../media/profile-image-processor';
import { ProfileTextRenderer } from './profile-text-renderer';

export interface FieldInput {
  name?: string;
  value?: string;
}

/** What PATCH /api/v1/accounts/update_credentials may change; absent keys stay as they are. */
export interface UpdateCredentialsInput {
  displayName?: string;
  note?: string;
  avatar?: UploadedImage;
  header?: UploadedImage;
  locked?: boolean;
  bot?: boolean;
  discoverable?: boolean;
  indexable?: boolean;
  hideCollections?: boolean;
  /** Replaces every field; entries with neither name nor value are dropped. */
  fields?: FieldInput[];
  source?: {
    privacy?: string;
    sensitive?: boolean;
    /** ISO 639-1 code; empty clears it. */
    language?: string;
    quotePolicy?: string;
  };
}

const NOTE_URL = /https?:\/\/[^\s<>"]+/gi;
const REMOTE_MENTION = /@([a-z0-9_]+)@[\w.-]+\w/gi;

/** Length as Mastodon counts notes: URLs as 23 characters, remote mentions without domain. */
export function countableLength(text: string): number {
  const countable = text.replace(NOTE_URL, 'x'.repeat(23)).replace(REMOTE_MENTION, '@$1');
  return graphemes(countable);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)].length;

class Problems {
  private readonly details: Record<string, FieldError[]> = {};
  private readonly messages: string[] = [];

  add(field: string, label: string, description: string, error = 'ERR_INVALID'): void {
    (this.details[field] ??= []).push({ error, description });
    this.messages.push(`${label} ${description}`);
  }

  /** Adds "is too long" when `length` is over `max` characters. */
  checkLength(field: string, label: string, length: number, max: number): void {
    if (length > max) {
      this.add(field, label, `is too long (maximum is ${max} characters)`, 'ERR_TOO_LONG');
    }
  }

  /** Whether `value` is one of `allowed`; adds "must be one of …" when it is not. */
  checkInclusion<T extends string>(
    field: string,
    label: string,
    value: string,
    allowed: readonly T[],
  ): value is T {
    if ((allowed as readonly string[]).includes(value)) return true;
    this.add(field, label, `must be one of ${allowed.join(', ')}`, 'ERR_INCLUSION');
    return false;
  }

  throwIfAny(): void {
    if (this.messages.length === 0) return;
    throw new ValidationError(`Validation failed: ${this.messages.join(', ')}`, this.details);
  }
}

/**
 * Changes the signed-in user's profile and posting defaults. Text is validated with Mastodon's
 * limits and rendered to HTML here; images are processed and stored before the row changes,
 * and the replaced files are removed after it did.
 */
@Injectable()
export class UpdateCredentialsService {
  private readonly logger = new Logger(UpdateCredentialsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: MediaStorage,
    private readonly images: ProfileImageProcessor,
    private readonly renderer: ProfileTextRenderer,
    private readonly followRequests: AuthorizeAllFollowRequestsService,
  ) {}

  async call(account: Account, user: User, input: UpdateCredentialsInput): Promise<Account> {
    const changes: Partial<Account> = {};
    const settings: StoredUserSettings = {};
    this.validate(account, input, changes, settings);

    const noteChanged = changes.note !== undefined;
    const fieldsChanged = changes.fields !== undefined;
    if (noteChanged || fieldsChanged || account.noteHtml === null) {
      const rendered = await this.renderer.render(
        changes.note ?? account.note,
        changes.fields ?? account.fields,
      );
      changes.noteHtml = rendered.noteHtml;
      changes.fields = rendered.fields;
    }

    const uploads = await this.processImages(input);
    const stored: string[] = [];
    const replaced: string[] = [];
    try {
      for (const [image, processed] of uploads) {
        stored.push(...(await this.store(account.id, image, processed)));
        replaced.push(...profileImageKeys(account, image));
        if (image === 'avatar') {
          changes.avatarFileName = processed.fileName;
          changes.avatarContentType = processed.contentType;
        } else {
          changes.headerFileName = processed.fileName;
          changes.headerContentType = processed.contentType;
        }
      }
      await this.dataSource.transaction(async (manager) => {
        if (Object.keys(changes).length > 0) {
          await manager.getRepository(Account).update({ id: account.id }, changes);
        }
        if (Object.keys(settings).length > 0) {
          await manager.query(
            `UPDATE users SET settings = settings || $1::jsonb, updated_at = now() WHERE id = $2`,
            [JSON.stringify(settings), user.id],
          );
        }
      });
    } catch (error) {
      await this.remove(stored);
      throw error;
    }
    await this.remove(replaced);
    // Unlocking accepts the pending follow requests (relationships).
    if (account.locked && changes.locked === false) await this.followRequests.schedule(account);
    return this.dataSource.getRepository(Account).findOneByOrFail({ id: account.id });
  }

  private validate(
    account: Account,
    input: UpdateCredentialsInput,
    changes: Partial<Account>,
    settings: StoredUserSettings,
  ): void {
    const problems = new Problems();
    const limits = Limits.accounts;

    if (input.displayName !== undefined) {
      const displayName = input.displayName.trim();
      problems.checkLength(
        'display_name',
        'Display name',
        graphemes(displayName),
        limits.maxDisplayNameLength,
      );
      changes.displayName = displayName;
    }
    if (input.note !== undefined) {
      const note = input.note.trim();
      problems.checkLength('note', 'Note', countableLength(note), limits.maxNoteLength);
      changes.note = note;
    }
    if (input.fields !== undefined) {
      changes.fields = this.fields(account, input.fields, problems);
    }
    if (input.locked !== undefined) changes.locked = input.locked;
    if (input.bot !== undefined) changes.actorType = input.bot ? 'Service' : 'Person';
    if (input.discoverable !== undefined) changes.discoverable = input.discoverable;
    if (input.indexable !== undefined) changes.indexable = input.indexable;
    if (input.hideCollections !== undefined) changes.hideCollections = input.hideCollections;

    const source = input.source ?? {};
    if (
      source.privacy !== undefined &&
      problems.checkInclusion(
        'source.privacy',
        'Source privacy',
        source.privacy,
        POSTING_VISIBILITIES,
      )
    ) {
      settings.default_privacy = source.privacy;
    }
    if (source.sensitive !== undefined) settings.default_sensitive = source.sensitive;
    if (source.language !== undefined) {
      const language = source.language.trim().toLowerCase();
      if (language === '') settings.default_language = null;
      else if (!ISO6391.validate(language)) {
        problems.add(
          'source.language',
          'Source language',
          'must be an ISO 639-1 language code',
          'ERR_INCLUSION',
        );
      } else settings.default_language = language;
    }
    if (
      source.quotePolicy !== undefined &&
      problems.checkInclusion(
        'source.quote_policy',
        'Source quote policy',
        source.quotePolicy,
        QUOTE_POLICIES,
      )
    ) {
      settings.default_quote_policy = source.quotePolicy;
    }
    problems.throwIfAny();
  }

  /** Mastodon's rules: at most 4 fields, 255 characters each; verification kept if unchanged. */
  private fields(account: Account, input: FieldInput[], problems: Problems): AccountField[] {
    const limits = Limits.accounts;
    const fields = input
      .map((field) => ({ name: (field.name ?? '').trim(), value: (field.value ?? '').trim() }))
      .filter((field) => field.name !== '' || field.value !== '');
    if (fields.length > limits.maxProfileFields) {
      problems.add(
        'fields',
        'Fields',
        `are too many (maximum is ${limits.maxProfileFields})`,
        'ERR_TOO_LONG',
      );
    }
    fields.forEach((field, index) => {
      problems.checkLength(
        `fields.${index}.name`,
        `Field ${index + 1} name`,
        graphemes(field.name),
        limits.profileFieldNameLimit,
      );
      problems.checkLength(
        `fields.${index}.value`,
        `Field ${index + 1} value`,
        graphemes(field.value),
        limits.profileFieldValueLimit,
      );
    });
    return fields.map((field) => ({
      name: field.name,
      value: field.value,
      verified_at:
        account.fields.find((old) => old.value === field.value && old.verified_at)?.verified_at ??
        null,
    }));
  }

  private async processImages(
    input: UpdateCredentialsInput,
  ): Promise<Array<[ProfileImage, ProcessedImage]>> {
    const result: Array<[ProfileImage, ProcessedImage]> = [];
    if (input.avatar) result.push(['avatar', await this.images.process('avatar', input.avatar)]);
    if (input.header) result.push(['header', await this.images.process('header', input.header)]);
    return result;
  }

  private async store(
    accountId: string,
    image: ProfileImage,
    processed: ProcessedImage,
  ): Promise<string[]> {
    const keys: string[] = [];
    const original = profileImageKey(accountId, image, processed.fileName);
    await this.storage.put(original, processed.original, processed.contentType);
    keys.push(original);
    if (processed.still) {
      const still = profileImageKey(accountId, image, processed.fileName, 'static');
      await this.storage.put(still, processed.still, 'image/png');
      keys.push(still);
    }
    return keys;
  }

  private async remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`Could not delete ${key}: ${String(error)}`);
      });
    }
  }
}
