import { FieldError, FieldErrors } from '@nestodon/domain';
import ISO6391 from 'iso-639-1';

/** Mastodon's limits for local sign-ups. */
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
const EMAIL_MAX_LENGTH = 254;

const USERNAME_PATTERN = /^[a-z0-9_]+$/i;
/**
 * Mastodon's rule (Devise's `[^@\s]+@[^@\s]+` and an address that parses as itself): one @,
 * no spaces, dot-separated parts without empty ones. A host without a dot is fine, as Mastodon
 * accepts `admin@localhost` (its own development setup uses it).
 */
const EMAIL_PATTERN = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)*$/;
const LOCALE_PATTERN = /^([a-z]{2,3})([-_][A-Za-z0-9]{2,8})*$/;

/**
 * Names nobody may sign up with: they would pass for the server's staff or its mail and web
 * roles. Compared case-insensitively.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'abuse',
  'admin',
  'administrator',
  'help',
  'hostmaster',
  'info',
  'mod',
  'moderator',
  'noreply',
  'owner',
  'postmaster',
  'root',
  'security',
  'staff',
  'support',
  'system',
  'webmaster',
]);

export type SignUpField = 'username' | 'email' | 'password' | 'agreement' | 'locale' | 'reason';

/** Mastodon's error codes for sign-up `details`, each with the Rails description. */
export const SignUpError = {
  blank: { error: 'ERR_BLANK', description: "can't be blank" },
  taken: { error: 'ERR_TAKEN', description: 'has already been taken' },
  reserved: { error: 'ERR_RESERVED', description: 'is reserved' },
  accepted: { error: 'ERR_ACCEPTED', description: 'must be accepted' },
  inclusion: { error: 'ERR_INCLUSION', description: 'is not included in the list' },
  invalidEmail: { error: 'ERR_INVALID', description: 'is invalid' },
  invalidUsername: {
    error: 'ERR_INVALID',
    description: 'must contain only letters, numbers and underscores',
  },
  usernameTooLong: {
    error: 'ERR_TOO_LONG',
    description: `is too long (maximum is ${USERNAME_MAX_LENGTH} characters)`,
  },
  emailTooLong: {
    error: 'ERR_TOO_LONG',
    description: `is too long (maximum is ${EMAIL_MAX_LENGTH} characters)`,
  },
  passwordTooShort: {
    error: 'ERR_TOO_SHORT',
    description: `is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`,
  },
  passwordTooLong: {
    error: 'ERR_TOO_LONG',
    description: `is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`,
  },
} as const satisfies Record<string, FieldError>;

const FIELD_LABELS: Record<SignUpField, string> = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  agreement: 'Agreement',
  locale: 'Locale',
  reason: 'Reason',
};

export type SignUpErrors = FieldErrors<SignUpField>;

/** A collector for sign-up field errors, labelled as Mastodon's messages label them. */
export function signUpErrors(): SignUpErrors {
  return new FieldErrors<SignUpField>(FIELD_LABELS);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

/** Format rules of a local username (uniqueness needs the database). */
export function checkUsername(
  username: string | undefined,
  errors: SignUpErrors,
  options: { allowReserved?: boolean } = {},
): void {
  if (!username) {
    errors.add('username', SignUpError.blank);
    return;
  }
  if (!USERNAME_PATTERN.test(username)) errors.add('username', SignUpError.invalidUsername);
  if (username.length > USERNAME_MAX_LENGTH) errors.add('username', SignUpError.usernameTooLong);
  if (!options.allowReserved && isReservedUsername(username)) {
    errors.add('username', SignUpError.reserved);
  }
}

/** Format rules of an e-mail address, already normalized. */
export function checkEmail(email: string | undefined, errors: SignUpErrors): void {
  if (!email) {
    errors.add('email', SignUpError.blank);
    return;
  }
  if (email.length > EMAIL_MAX_LENGTH) errors.add('email', SignUpError.emailTooLong);
  else if (!EMAIL_PATTERN.test(email)) errors.add('email', SignUpError.invalidEmail);
}

export function checkPassword(password: string | undefined, errors: SignUpErrors): void {
  if (!password) {
    errors.add('password', SignUpError.blank);
    return;
  }
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) errors.add('password', SignUpError.passwordTooShort);
  if (length > PASSWORD_MAX_LENGTH) errors.add('password', SignUpError.passwordTooLong);
}

/**
 * A locale names a known ISO 639 language, optionally with a region or script
 * (`en`, `pt-BR`, `zh-Hant`). Returns the locale as stored, or null when absent.
 */
export function checkLocale(
  locale: string | undefined | null,
  errors: SignUpErrors,
): string | null {
  if (locale === undefined || locale === null || locale.trim() === '') return null;
  const match = LOCALE_PATTERN.exec(locale.trim());
  const language = match?.[1].toLowerCase();
  // Two-letter codes must be ISO 639-1; three-letter ones (ast, kab, …) are taken as given.
  if (!language || (language.length === 2 && !ISO6391.validate(language))) {
    errors.add('locale', SignUpError.inclusion);
    return null;
  }
  return locale.trim().replace('_', '-');
}
