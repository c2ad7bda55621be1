import { OAuthApplication } from '@nestodon/domain';

/** Mastodon's Application entity (GET /api/v1/apps/verify_credentials). */
export interface ApplicationJson {
  id: string;
  name: string;
  website: string | null;
  scopes: string[];
  /** Deprecated since 4.3: the redirect URIs joined by newlines. */
  redirect_uri: string;
  redirect_uris: string[];
  /** Deprecated since 4.3; Web Push keys are not configured yet. */
  vapid_key: string;
}

/** CredentialApplication (POST /api/v1/apps): the Application plus its client credentials. */
export interface CredentialApplicationJson extends ApplicationJson {
  client_id: string;
  client_secret: string;
  /** Secrets never expire. */
  client_secret_expires_at: 0;
}

export function serializeApplication(app: OAuthApplication, vapidKey = ''): ApplicationJson {
  const redirectUris = app.redirectUri.split('\n').filter((uri) => uri.length > 0);
  return {
    id: app.id,
    name: app.name,
    website: app.website,
    scopes: app.scopes.split(/\s+/).filter(Boolean),
    redirect_uri: redirectUris.join('\n'),
    redirect_uris: redirectUris,
    vapid_key: vapidKey,
  };
}

/** Only at registration: the secret is known in plaintext this once. */
export function serializeCredentialApplication(
  app: OAuthApplication,
  clientSecret: string,
  vapidKey = '',
): CredentialApplicationJson {
  return {
    ...serializeApplication(app, vapidKey),
    client_id: app.uid,
    client_secret: clientSecret,
    client_secret_expires_at: 0,
  };
}
