import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountField,
  AccountRepository,
  FieldErrors,
  Limits,
  normalizeDomain,
  POSTING_VISIBILITIES,
  ProfileImage,
  profileImageKey,
  profileImageKeys,
  QUOTE_POLICIES,
  RecordNotFoundError,
  StoredUserSettings,
  TransactionRunner,
  User,
  UserRepository,
  UserRole,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { countGraphemes, statusLength } from '@nestodon/text';
import ISO6391 from 'iso-639-1';
import { MediaStorage } from '../media/media-storage';
import {
  ProcessedImage,
  ProfileImageProcessor,
  UploadedImage,
} from '../media/profile-image-processor';
import { ProfileTextRenderer } from './profile-text-renderer';
import { ActivityOutbox } from '../outbox/activity-outbox';

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
  /** Domains whose pages may credit the account as their author (replaces the list). */
  attributionDomains?: string[];
  // The profile's own settings (PATCH /api/v1/profile, Mastodon 4.6).
  avatarDescription?: string;
  headerDescription?: string;
  showMedia?: boolean;
  showMediaReplies?: boolean;
  showFeatured?: boolean;
  source?: {
    privacy?: string;
    sensitive?: boolean;
    /** ISO 639-1 code; empty clears it. */
    language?: string;
    quotePolicy?: string;
  };
}

export interface UpdatedCredentials {
  account: Account;
  /** The user as it is now, with its role (credential accounts show both). */
  user: User & { role: UserRole | null };
}

/** Mastodon's limit on a local account's attribution domains. */
const MAX_ATTRIBUTION_DOMAINS = 10;

/** How the 422 message names each field. */
const FIELD_LABELS: Record<string, string> = {
  display_name: 'Display name',
  note: 'Note',
  fields: 'Fields',
  attribution_domains: 'Attribution domains',
  avatar_description: 'Avatar description',
  header_description: 'Header description',
  'source.privacy': 'Source privacy',
  'source.language': 'Source language',
  'source.quote_policy': 'Source quote policy',
};

/**
 * Changes the signed-in user's profile and posting defaults. Text is validated with Mastodon's
 * limits and rendered to HTML here; images are processed and stored before the row changes,
 * and the replaced files are removed after it did.
 */
@Injectable()
export class UpdateCredentialsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly storage: MediaStorage,
    private readonly images: ProfileImageProcessor,
    private readonly renderer: ProfileTextRenderer,
    private readonly jobs: JobQueue,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    account: Account,
    user: User,
    input: UpdateCredentialsInput,
  ): Promise<UpdatedCredentials> {
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
      await this.transactions.run(async (tx) => {
        if (Object.keys(changes).length > 0) await this.accounts.update(account.id, changes, tx);
        if (Object.keys(settings).length > 0) await this.users.mergeSettings(user.id, settings, tx);
      });
    } catch (error) {
      await this.storage.deleteUnused(stored);
      throw error;
    }
    await this.storage.deleteUnused(replaced);
    // Followers' servers refresh the profile from the Update (settings alone show nowhere).
    if (Object.keys(changes).length > 0) {
      await this.outbox.publish(account, { type: 'update_actor', accountId: account.id });
    }
    // Unlocking accepts the pending follow requests, in the worker (relationships).
    if (account.locked && changes.locked === false) {
      await this.jobs.enqueue(JobName.AuthorizeAllFollowRequests, {
        accountId: String(account.id),
      });
    }
    const [updatedAccount, updatedUser] = await Promise.all([
      this.accounts.findById(account.id),
      this.users.findWithRole(user.id),
    ]);
    if (!updatedAccount || !updatedUser) throw new RecordNotFoundError();
    return { account: updatedAccount, user: updatedUser };
  }

  private validate(
    account: Account,
    input: UpdateCredentialsInput,
    changes: Partial<Account>,
    settings: StoredUserSettings,
  ): void {
    const problems = new FieldErrors(FIELD_LABELS);
    const limits = Limits.accounts;

    if (input.displayName !== undefined) {
      const displayName = input.displayName.trim();
      problems.checkLength(
        'display_name',
        countGraphemes(displayName),
        limits.maxDisplayNameLength,
      );
      changes.displayName = displayName;
    }
    if (input.note !== undefined) {
      const note = input.note.trim();
      // Notes count as statuses do: URLs as 23 characters, remote mentions without the domain.
      problems.checkLength('note', statusLength(note), limits.maxNoteLength);
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
    if (input.showMedia !== undefined) changes.showMedia = input.showMedia;
    if (input.showMediaReplies !== undefined) changes.showMediaReplies = input.showMediaReplies;
    if (input.showFeatured !== undefined) changes.showFeatured = input.showFeatured;
    for (const [field, image] of [
      ['avatar_description', 'avatarDescription'],
      ['header_description', 'headerDescription'],
    ] as const) {
      const description = input[image];
      if (description === undefined) continue;
      const max =
        image === 'avatarDescription'
          ? limits.maxAvatarDescriptionLength
          : limits.maxHeaderDescriptionLength;
      problems.checkLength(field, countGraphemes(description.trim()), max);
      changes[image] = description.trim();
    }
    if (input.attributionDomains !== undefined) {
      changes.attributionDomains = this.attributionDomains(input.attributionDomains, problems);
    }

    const source = input.source ?? {};
    if (
      source.privacy !== undefined &&
      problems.checkInclusion('source.privacy', source.privacy, POSTING_VISIBILITIES)
    ) {
      settings.default_privacy = source.privacy;
    }
    if (source.sensitive !== undefined) settings.default_sensitive = source.sensitive;
    if (source.language !== undefined) {
      const language = source.language.trim().toLowerCase();
      if (language === '') settings.default_language = null;
      else if (!ISO6391.validate(language)) {
        problems.add('source.language', {
          error: 'ERR_INCLUSION',
          description: 'must be an ISO 639-1 language code',
        });
      } else settings.default_language = language;
    }
    if (
      source.quotePolicy !== undefined &&
      problems.checkInclusion('source.quote_policy', source.quotePolicy, QUOTE_POLICIES)
    ) {
      settings.default_quote_policy = source.quotePolicy;
    }
    problems.throwIfAny();
  }

  /** Host names, at most 10 (Mastodon's rule), normalised and without repeats. */
  private attributionDomains(input: string[], problems: FieldErrors): string[] {
    const given = input.map((domain) => domain.trim()).filter((domain) => domain !== '');
    const domains = given.map((domain) => normalizeDomain(domain));
    const invalid = given.filter((_, index) => domains[index] === null);
    if (invalid.length > 0) {
      problems.add('attribution_domains', {
        error: 'ERR_INVALID',
        description: `contains invalid domains: ${invalid.join(', ')}`,
      });
    }
    const unique = [...new Set(domains.filter((domain): domain is string => domain !== null))];
    if (unique.length > MAX_ATTRIBUTION_DOMAINS) {
      problems.add('attribution_domains', {
        error: 'ERR_TOO_LONG',
        description: `are too many (maximum is ${MAX_ATTRIBUTION_DOMAINS})`,
      });
    }
    return unique;
  }

  /** Mastodon's rules: at most 4 fields, 255 characters each; verification kept if unchanged. */
  private fields(account: Account, input: FieldInput[], problems: FieldErrors): AccountField[] {
    const limits = Limits.accounts;
    const fields = input
      .map((field) => ({ name: (field.name ?? '').trim(), value: (field.value ?? '').trim() }))
      .filter((field) => field.name !== '' || field.value !== '');
    if (fields.length > limits.maxProfileFields) {
      problems.add('fields', {
        error: 'ERR_TOO_LONG',
        description: `are too many (maximum is ${limits.maxProfileFields})`,
      });
    }
    fields.forEach((field, index) => {
      problems.checkLength(
        `fields.${index}.name`,
        countGraphemes(field.name),
        limits.profileFieldNameLimit,
        `Field ${index + 1} name`,
      );
      problems.checkLength(
        `fields.${index}.value`,
        countGraphemes(field.value),
        limits.profileFieldValueLimit,
        `Field ${index + 1} value`,
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
    await this.storage.put(original, processed.original, { contentType: processed.contentType });
    keys.push(original);
    if (processed.still) {
      const still = profileImageKey(accountId, image, processed.fileName, 'static');
      await this.storage.put(still, processed.still, { contentType: 'image/png' });
      keys.push(still);
    }
    return keys;
  }
}
