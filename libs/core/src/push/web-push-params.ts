import { isIP } from 'node:net';
import { parseBoolean } from '@nestodon/config';
import { NOTIFICATION_TYPES, PUSH_POLICIES, PushPolicy, ValidationError } from '@nestodon/domain';
import { publicAddressOnly } from '@nestodon/platform';

/** `subscription[…]` of POST /api/v1/push/subscription. */
export interface SubscriptionParams {
  endpoint?: unknown;
  keys?: { p256dh?: unknown; auth?: unknown };
  standard?: unknown;
}

/** `data[…]`: which notification types, from whom. */
export interface SubscriptionDataParams {
  alerts?: Record<string, unknown>;
  policy?: unknown;
}

export interface SubscriptionTarget {
  endpoint: string;
  keyP256dh: string;
  keyAuth: string;
  standard: boolean;
}

export interface SubscriptionData {
  alerts: Record<string, boolean>;
  policy: PushPolicy;
}

const MAX_ENDPOINT_LENGTH = 2048;

function base64urlBytes(value: unknown, name: string, length: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new ValidationError(`Validation failed: ${name} can't be blank`);
  const bytes = /^[A-Za-z0-9_\-+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
  if (!bytes || bytes.length !== length) {
    throw new ValidationError(`Validation failed: ${name} is not a valid key`);
  }
  return text;
}

/**
 * A push endpoint: an https URL on a public host. Plain http and loopback or private hosts only
 * where `allowPrivate` (development and test with ALLOW_PRIVATE_ADDRESS); the outbound client
 * checks the addresses the name resolves to again when pushing.
 */
function checkEndpoint(endpoint: string, allowPrivate: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ValidationError('Validation failed: Endpoint is not a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) {
    throw new ValidationError('Validation failed: Endpoint must be an https URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!allowPrivate && (local || (literal && !publicAddressOnly(host)))) {
    throw new ValidationError('Validation failed: Endpoint must be a public address');
  }
}

/** Where to push and the device's keys: a P-256 public key and a 16-byte auth secret. */
export function parseSubscriptionTarget(
  params: SubscriptionParams | undefined,
  allowPrivate: boolean,
): SubscriptionTarget {
  const endpoint = typeof params?.endpoint === 'string' ? params.endpoint.trim() : '';
  if (!endpoint) throw new ValidationError("Validation failed: Endpoint can't be blank");
  if (endpoint.length > MAX_ENDPOINT_LENGTH) {
    throw new ValidationError('Validation failed: Endpoint is too long');
  }
  checkEndpoint(endpoint, allowPrivate);
  const keyP256dh = base64urlBytes(params?.keys?.p256dh, 'Key p256dh', 65);
  if (Buffer.from(keyP256dh, 'base64url')[0] !== 0x04) {
    throw new ValidationError('Validation failed: Key p256dh is not a valid key');
  }
  return {
    endpoint,
    keyP256dh,
    keyAuth: base64urlBytes(params?.keys?.auth, 'Key auth', 16),
    standard: parseBoolean(params?.standard),
  };
}

/** Every notification type's alert (off unless turned on) and the policy (`all` by default). */
export function parseSubscriptionData(data: SubscriptionDataParams | undefined): SubscriptionData {
  const given = data?.alerts && typeof data.alerts === 'object' ? data.alerts : {};
  const alerts = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, parseBoolean(given[type])]),
  );
  const policy = data?.policy === undefined || data.policy === '' ? 'all' : data.policy;
  if (!(PUSH_POLICIES as readonly unknown[]).includes(policy)) {
    throw new ValidationError(
      `Validation failed: Policy must be one of ${PUSH_POLICIES.join(', ')}`,
    );
  }
  return { alerts, policy: policy as PushPolicy };
}
