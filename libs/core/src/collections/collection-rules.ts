import { Collection, FieldErrors, isValidTagName } from '@nestodon/domain';
import ISO6391 from 'iso-639-1';

/** Mastodon's cap on a collection's items. */
export const MAX_COLLECTION_ITEMS = 25;
/** Limits of our own on stored text (Mastodon only requires a name and a description). */
export const MAX_COLLECTION_NAME_LENGTH = 255;
export const MAX_COLLECTION_DESCRIPTION_LENGTH = 10_000;

/** What creating or updating a collection may set; absent keys stay as they are. */
export interface CollectionAttributes {
  name?: string;
  description?: string;
  /** ISO 639-1; empty clears it. */
  language?: string;
  sensitive?: boolean;
  discoverable?: boolean;
  /** A hashtag the collection is about; empty clears it. */
  tagName?: string;
}

const LABELS = {
  name: 'Name',
  description: 'Description',
  language: 'Language',
  tag_name: 'Tag name',
  collection_items: 'Collection items',
};

/**
 * The collection's columns from the given attributes, validated together (one 422 naming every
 * problem). The tag comes back as a name to find or create; `creating` requires name and
 * description.
 */
export function collectionChanges(
  input: CollectionAttributes,
  creating: boolean,
): { changes: Partial<Collection>; tagName: string | null | undefined } {
  const problems = new FieldErrors(LABELS);
  const changes: Partial<Collection> = {};
  for (const field of ['name', 'description'] as const) {
    const value = input[field]?.trim();
    if (value === undefined && !creating) continue;
    if (!value) {
      problems.add(field, { error: 'ERR_BLANK', description: "can't be blank" });
      continue;
    }
    const max = field === 'name' ? MAX_COLLECTION_NAME_LENGTH : MAX_COLLECTION_DESCRIPTION_LENGTH;
    problems.checkLength(field, [...value].length, max);
    changes[field] = value;
  }
  if (input.language !== undefined) {
    const language = input.language.trim().toLowerCase();
    if (language === '') changes.language = null;
    else if (ISO6391.validate(language)) changes.language = language;
    else problems.add('language', { error: 'ERR_INVALID', description: 'is not a language' });
  }
  if (input.sensitive !== undefined) changes.sensitive = input.sensitive;
  if (input.discoverable !== undefined) changes.discoverable = input.discoverable;
  let tagName: string | null | undefined;
  if (input.tagName !== undefined) {
    const name = input.tagName.trim().replace(/^#/, '');
    if (name === '') tagName = null;
    else if (isValidTagName(name)) tagName = name;
    else problems.add('tag_name', { error: 'ERR_INVALID', description: 'is invalid' });
  }
  problems.throwIfAny();
  return { changes, tagName };
}

/** The 422 of a collection that would hold too many items. */
export function tooManyItems(): FieldErrors {
  return new FieldErrors(LABELS).add('collection_items', {
    error: 'ERR_TOO_LONG',
    description: `are too many (maximum is ${MAX_COLLECTION_ITEMS})`,
  });
}
