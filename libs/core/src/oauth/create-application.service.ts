import { Injectable } from '@nestjs/common';
import {
  digestToken,
  generateToken,
  isKnownScope,
  parseRedirectUris,
  parseScopes,
  redirectUriProblem,
} from '@nestodon/access';
import { OAuthApplication, OAuthApplicationRepository, ValidationError } from '@nestodon/domain';

/** Mastodon's limits on app registrations. */
export const APP_NAME_LIMIT = 60;
export const APP_REDIRECT_URI_LIMIT = 2000;
export const APP_WEBSITE_LIMIT = 2000;

export interface CreateApplicationInput {
  name?: unknown;
  /** A string (one URI per line) or a list of strings. */
  redirectUris?: unknown;
  /** Space-separated; `read` when absent. */
  scopes?: unknown;
  website?: unknown;
  ownerUserId?: string | null;
}

export interface CreatedApplication {
  application: OAuthApplication;
  /** Shown once; only its digest is stored. */
  clientSecret: string;
}

/** POST /api/v1/apps: registers an OAuth client with Mastodon's validations. */
@Injectable()
export class CreateApplicationService {
  constructor(private readonly applications: OAuthApplicationRepository) {}

  async call(input: CreateApplicationInput): Promise<CreatedApplication> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) fail("Name can't be blank");
    if ([...name].length > APP_NAME_LIMIT) {
      fail(`Name is too long (maximum is ${APP_NAME_LIMIT} characters)`);
    }

    const redirectUris = parseRedirectUris(input.redirectUris);
    if (redirectUris === null) fail('Redirect URI must be an absolute URI.');
    if (redirectUris.length === 0) fail("Redirect URI can't be blank");
    for (const uri of redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem === 'not_absolute') fail('Redirect URI must be an absolute URI.');
      if (problem === 'fragment') fail('Redirect URI cannot contain a fragment.');
    }
    const redirectUri = redirectUris.join('\n');
    if (redirectUri.length > APP_REDIRECT_URI_LIMIT) {
      fail(`Redirect URI is too long (maximum is ${APP_REDIRECT_URI_LIMIT} characters)`);
    }

    if (input.scopes !== undefined && input.scopes !== null && typeof input.scopes !== 'string') {
      fail('Scopes must be a space-separated string');
    }
    const scopes = parseScopes(input.scopes as string | undefined);
    const unknown = scopes.filter((scope) => !isKnownScope(scope));
    if (unknown.length > 0) fail(`Scopes include unknown scopes: ${unknown.join(', ')}`);

    const website = normalizeWebsite(input.website);

    const clientSecret = generateToken();
    const application = await this.applications.insert({
      name,
      uid: generateToken(),
      secretDigest: digestToken(clientSecret),
      redirectUri,
      scopes: (scopes.length > 0 ? scopes : ['read']).join(' '),
      website,
      confidential: true,
      superapp: false,
      ownerUserId: input.ownerUserId ?? null,
    });
    return { application, clientSecret };
  }
}

function fail(message: string): never {
  throw new ValidationError(`Validation failed: ${message}`);
}

/** An http(s) URL, or null when blank. */
function normalizeWebsite(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail('Website is invalid');
  const website = value.trim();
  if (!website) return null;
  if (website.length > APP_WEBSITE_LIMIT) {
    fail(`Website is too long (maximum is ${APP_WEBSITE_LIMIT} characters)`);
  }
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    fail('Website is invalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    fail('Website is invalid');
  }
  return website;
}
