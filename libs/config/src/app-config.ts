import {
  ConfigurationError,
  EnvironmentVariables,
  LogFormat,
  RegistrationMode,
  validateEnvironment,
} from './env.schema';
import { NESTODON_VERSION } from './version';
import { QUEUE_NAMES, WorkerQueue } from './worker-queues';

export interface DatabaseConfig {
  url: string;
  /** A streaming replica for read-heavy id queries (timelines, profiles, directory); null: none. */
  replicaUrl: string | null;
  /**
   * When `npm start` runs PostgreSQL itself: `auto` when DATABASE_URL is unset and nothing
   * answers at the default address, `always` when DATABASE_URL is unset, `never`.
   */
  embedded: 'auto' | 'always' | 'never';
  poolSize: number;
  /** Longest wait for a pooled connection before a request answers 503. */
  poolTimeoutMs: number;
  migrateOnBoot: boolean;
}

export interface RedisConfig {
  /**
   * Whether Redis serves the coordination duties (queue, pub/sub, feeds, sessions, rate limits,
   * idempotency keys, caches); false: PostgreSQL-backed adapters serve them. USE_REDIS=never,
   * or `auto` resolved by `resolveRedisUse` at boot when nothing answers at the default address.
   */
  enabled: boolean;
  /** USE_REDIS as given: `auto` until a process resolves it at boot. */
  use: 'auto' | 'always' | 'never';
  /** Password and database index; also the server itself unless sentinels are given. */
  url: string;
  /** Redis Sentinel: the sentinels asked for the current master (null: connect to `url`). */
  sentinels: Array<{ host: string; port: number }> | null;
  sentinelMaster: string;
  /** Prefix for every key, channel and queue, so several instances (or test files) share one Redis. */
  namespace: string;
  /**
   * How long a command on the request path may wait for Redis before it fails (and the
   * request answers 503) instead of hanging through an outage.
   */
  commandTimeoutMs: number;
}

export interface HttpConfig {
  bind: string;
  port: number;
  streamingPort: number;
  /** Port of the worker's liveness and readiness probes; none when null. */
  workerHealthPort: number | null;
  /** api processes sharing the port (node cluster workers, as Mastodon's puma workers). */
  webConcurrency: number;
  shutdownTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed (express `trust proxy` syntax). */
  trustedProxies: string[];
  throttle: ThrottleConfig;
  /** A client must send its request headers within this (slowloris), 408 otherwise. */
  headersTimeoutMs: number;
  /** … and its whole request (body included) within this. */
  requestTimeoutMs: number;
}

/**
 * The general API throttle, as Mastodon's rack-attack: requests per `periodSeconds` under /api
 * per client address without a user, per user, and per token; 0 turns a limit off.
 */
export interface ThrottleConfig {
  unauthenticated: number;
  authenticated: number;
  perToken: number;
  periodSeconds: number;
}

/** How `npm start` supervises its children. */
export interface LauncherConfig {
  /** Crashes of one process within `restartWindowMs` that stop the whole set instead. */
  restartLimit: number;
  /** Delay before the first restart, doubled for each recent crash (at most 30 s). */
  restartDelayMs: number;
  restartWindowMs: number;
}

/** Prometheus metrics: where each process publishes them (neither set: nowhere). */
export interface MetricsConfig {
  /** A listener of its own for `GET /metrics`, on BIND, without authentication. */
  port: number | null;
  /** `GET /metrics` on the process's own port, for `Authorization: Bearer <token>`. */
  token: string | null;
}

export interface InstanceConfig {
  localDomain: string;
  webDomain: string;
  https: boolean;
  /** Base URL of the web host, e.g. https://example.com */
  baseUrl: string;
  streamingBaseUrl: string;
  title: string;
  description: string;
  extendedDescription: string;
  /** HTML of the privacy policy; null: the built-in one. */
  privacyPolicy: string | null;
  contactEmail: string;
  contactAccount: string | null;
  languages: string[];
  /** The registration mode until an operator sets one (a runtime setting, read through core). */
  registrationsMode: RegistrationMode;
  maxStatusChars: number;
  /** Public and hashtag timelines are readable without signing in. */
  timelinePreview: boolean;
}

export interface MailConfig {
  /** SMTP settings; when absent, mail is written as .eml files to `directory`. */
  smtp: { host: string; port: number; user?: string; password?: string; tls: boolean } | null;
  directory: string;
  from: string;
}

/** S3-compatible object storage for media (S3_ENABLED). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Endpoint of a non-AWS service (MinIO, R2, …), addressed path-style; null for AWS. */
  endpoint: string | null;
  /** Canned ACL of public files; `none` sends no ACL (buckets that refuse ACLs). */
  permission: 'public-read' | 'private' | 'none';
  /** Explicit keys; without them the SDK's default chain (environment, instance role) applies. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export interface MediaConfig {
  /** Folder where uploaded and processed files are stored (local disk storage). */
  root: string;
  /** Public URL prefix of stored files, without a trailing slash. */
  baseUrl: string;
  /** Object storage instead of the local folder, when enabled. */
  s3: S3Config | null;
  /** FFmpeg and FFprobe binaries; null uses the ones shipped in the npm packages. */
  ffmpegPath: string | null;
  ffprobePath: string | null;
}

export interface PushConfig {
  /** The server's VAPID key pair (base64url); null when web push is off. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** Who push services contact about this server (VAPID `sub`). */
  subject: string;
}

/** The machine translation backend, if any (DeepL first, as Mastodon picks it). */
export type TranslationConfig =
  | { backend: 'deepl'; apiKey: string; plan: 'free' | 'pro' }
  | { backend: 'libretranslate'; endpoint: string; apiKey: string | null }
  | null;

export interface OutboundHttpConfig {
  /**
   * Outbound requests may reach private, loopback and link-local addresses. Only for tests and
   * instances federating on one machine; anything else opens the server to SSRF.
   */
  allowPrivateAddress: boolean;
  /** `Nestodon/<version> (+<base URL>/)`, sent with every outbound request. */
  userAgent: string;
}

export interface FederationConfig {
  /**
   * Secure mode (Mastodon's AUTHORIZED_FETCH): fetches of our actors, statuses and collections
   * must be signed by a server that is not blocked. Limited federation mode implies it.
   */
  authorizedFetch: boolean;
  /** Only servers on the domain allow list federate with us (LIMITED_FEDERATION_MODE). */
  limitedFederationMode: boolean;
}

export interface JobsConfig {
  /** Run each enqueued job in the enqueuing process instead of a worker (tests). */
  inline: boolean;
  /** The queues a worker process consumes (WORKER_QUEUES), each with its concurrency. */
  queues: WorkerQueue[];
  /**
   * How long a running job's lock lasts without renewal (WORKER_JOB_LOCK_MS), which is also
   * how often workers look for jobs of a dead worker to run again (BullMQ's stalled check).
   */
  lockMs: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  /** One JSON object per line, or coloured lines for a person reading a terminal. */
  logFormat: LogFormat;
  database: DatabaseConfig;
  redis: RedisConfig;
  http: HttpConfig;
  metrics: MetricsConfig;
  launcher: LauncherConfig;
  instance: InstanceConfig;
  jobs: JobsConfig;
  /** Signs cookies and derives other secrets; required in production. */
  secretKeyBase: string;
  mail: MailConfig;
  media: MediaConfig;
  push: PushConfig;
  translation: TranslationConfig;
  /** The service donation campaigns come from; null: no campaigns. */
  donationCampaigns: { url: string; environment: string | null } | null;
  /** A year whose annual reports may be generated whatever the date (else late December's). */
  annualReportYear: number | null;
  outbound: OutboundHttpConfig;
  federation: FederationConfig;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

function withDefaults(vars: EnvironmentVariables): AppConfig {
  const env = (vars.NODE_ENV ?? 'development') as AppConfig['env'];
  const port = vars.PORT ?? 3000;
  const streamingPort = vars.STREAMING_PORT ?? 4000;
  const localDomain = (vars.LOCAL_DOMAIN ?? `localhost:${port}`).toLowerCase();
  const webDomain = (vars.WEB_DOMAIN ?? localDomain).toLowerCase();
  const https = vars.LOCAL_HTTPS ?? !LOOPBACK_HOST.test(webDomain);
  const baseUrl = `${https ? 'https' : 'http'}://${webDomain}`;
  const streamingHost = LOOPBACK_HOST.test(webDomain)
    ? `${webDomain.replace(/:\d+$/, '')}:${streamingPort}`
    : webDomain;
  return {
    env,
    logLevel: vars.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    logFormat: vars.LOG_FORMAT ?? (env === 'development' ? 'pretty' : 'json'),
    database: {
      url: vars.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/nestodon_${env}`,
      replicaUrl: vars.REPLICA_DATABASE_URL ?? null,
      embedded: (vars.EMBEDDED_POSTGRES as DatabaseConfig['embedded'] | undefined) ?? 'auto',
      poolSize: vars.DB_POOL ?? 10,
      poolTimeoutMs: vars.DB_POOL_TIMEOUT_MS ?? 5000,
      migrateOnBoot: vars.DB_MIGRATE_ON_BOOT ?? true,
    },
    redis: {
      enabled: vars.USE_REDIS !== 'never',
      use: (vars.USE_REDIS as RedisConfig['use'] | undefined) ?? 'auto',
      url: vars.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      sentinels:
        vars.REDIS_SENTINELS?.split(',').map((sentinel) => {
          const [host, port] = sentinel.split(':');
          return { host, port: Number(port) };
        }) ?? null,
      sentinelMaster: vars.REDIS_SENTINEL_MASTER ?? 'mymaster',
      namespace: vars.REDIS_NAMESPACE ? `${vars.REDIS_NAMESPACE}:` : '',
      commandTimeoutMs: vars.REDIS_COMMAND_TIMEOUT_MS ?? 1000,
    },
    http: {
      bind: vars.BIND ?? '127.0.0.1',
      port,
      streamingPort,
      workerHealthPort: vars.WORKER_HEALTH_PORT ?? null,
      webConcurrency: vars.WEB_CONCURRENCY ?? 1,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS ?? 8000,
      // Like Rails' defaults: loopback and private networks, where reverse proxies usually are.
      trustedProxies: (vars.TRUSTED_PROXY_IP ?? 'loopback,uniquelocal')
        .split(',')
        .map((p) => p.trim()),
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS ?? 20_000,
      requestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_MS ?? 300_000,
      throttle: {
        unauthenticated: vars.THROTTLE_UNAUTHENTICATED_API ?? 300,
        authenticated: vars.THROTTLE_AUTHENTICATED_API ?? 1500,
        perToken: vars.THROTTLE_PER_TOKEN_API ?? 300,
        periodSeconds: 300,
      },
    },
    launcher: {
      restartLimit: vars.LAUNCHER_RESTART_LIMIT ?? 5,
      restartDelayMs: vars.LAUNCHER_RESTART_DELAY_MS ?? 1000,
      restartWindowMs: 60_000,
    },
    metrics: { port: vars.METRICS_PORT ?? null, token: vars.METRICS_TOKEN ?? null },
    instance: {
      localDomain,
      webDomain,
      https,
      baseUrl,
      streamingBaseUrl: vars.STREAMING_API_BASE_URL ?? `${https ? 'wss' : 'ws'}://${streamingHost}`,
      title: vars.INSTANCE_TITLE ?? 'Nestodon',
      description:
        vars.INSTANCE_DESCRIPTION ?? 'A federated microblogging server compatible with Mastodon.',
      extendedDescription: vars.INSTANCE_EXTENDED_DESCRIPTION ?? '',
      privacyPolicy: vars.INSTANCE_PRIVACY_POLICY || null,
      contactEmail: vars.INSTANCE_CONTACT_EMAIL ?? '',
      contactAccount: vars.INSTANCE_CONTACT_ACCOUNT ?? null,
      languages: (vars.INSTANCE_LANGUAGES ?? 'en').split(','),
      registrationsMode: vars.REGISTRATIONS_MODE ?? 'open',
      maxStatusChars: vars.MAX_STATUS_CHARS ?? 500,
      timelinePreview: vars.TIMELINE_PREVIEW ?? true,
    },
    jobs: {
      inline: vars.JOBS_INLINE ?? false,
      queues: workerQueues(vars),
      lockMs: vars.WORKER_JOB_LOCK_MS ?? 30_000,
    },
    secretKeyBase: secretKeyBase(vars, env),
    mail: {
      smtp: vars.SMTP_SERVER
        ? {
            host: vars.SMTP_SERVER,
            port: vars.SMTP_PORT ?? 587,
            user: vars.SMTP_LOGIN,
            password: vars.SMTP_PASSWORD,
            tls: vars.SMTP_TLS ?? false,
          }
        : null,
      directory: vars.MAIL_DIR ?? 'tmp/mail',
      from: vars.SMTP_FROM_ADDRESS ?? `notifications@${localDomain.replace(/:\d+$/, '')}`,
    },
    push: {
      vapid: vapidKeys(vars),
      // Push services accept only mailto: and https: subjects.
      subject: vars.INSTANCE_CONTACT_EMAIL
        ? `mailto:${vars.INSTANCE_CONTACT_EMAIL}`
        : https
          ? baseUrl
          : `mailto:notifications@${localDomain.replace(/:\d+$/, '')}`,
    },
    media: mediaConfig(vars, baseUrl),
    outbound: {
      allowPrivateAddress: vars.ALLOW_PRIVATE_ADDRESS ?? false,
      userAgent: `Nestodon/${NESTODON_VERSION} (+${baseUrl}/)`,
    },
    federation: {
      authorizedFetch: (vars.AUTHORIZED_FETCH ?? false) || (vars.LIMITED_FEDERATION_MODE ?? false),
      limitedFederationMode: vars.LIMITED_FEDERATION_MODE ?? false,
    },
    translation: translationConfig(vars),
    donationCampaigns: vars.DONATION_CAMPAIGNS_URL
      ? {
          url: vars.DONATION_CAMPAIGNS_URL,
          environment: vars.DONATION_CAMPAIGNS_ENVIRONMENT ?? null,
        }
      : null,
    annualReportYear: vars.ANNUAL_REPORT_YEAR ?? null,
  };
}

/** Both VAPID keys or neither: one without the other is a mistake worth stopping for. */
function vapidKeys(vars: EnvironmentVariables): PushConfig['vapid'] {
  if (!vars.VAPID_PUBLIC_KEY && !vars.VAPID_PRIVATE_KEY) return null;
  if (!vars.VAPID_PUBLIC_KEY || !vars.VAPID_PRIVATE_KEY) {
    throw new ConfigurationError([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (generate a pair with: npm run -s cli -- vapid generate)',
    ]);
  }
  return { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY };
}

function mediaConfig(vars: EnvironmentVariables, baseUrl: string): MediaConfig {
  const s3 = vars.S3_ENABLED ? s3Config(vars) : null;
  const storageUrl = s3
    ? vars.S3_ALIAS_HOST
      ? `${vars.S3_PROTOCOL ?? 'https'}://${vars.S3_ALIAS_HOST}`
      : s3.endpoint
        ? `${s3.endpoint}/${s3.bucket}`
        : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`
    : `${baseUrl}/system`;
  return {
    root: vars.MEDIA_ROOT ?? 'public/system',
    baseUrl: (vars.MEDIA_BASE_URL ?? storageUrl).replace(/\/+$/, ''),
    s3,
    ffmpegPath: vars.FFMPEG_PATH ?? null,
    ffprobePath: vars.FFPROBE_PATH ?? null,
  };
}

function s3Config(vars: EnvironmentVariables): S3Config {
  const problems: string[] = [];
  if (!vars.S3_BUCKET) problems.push('S3_BUCKET must be set when S3_ENABLED is true');
  if (!vars.AWS_ACCESS_KEY_ID !== !vars.AWS_SECRET_ACCESS_KEY) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  }
  if (problems.length) throw new ConfigurationError(problems);
  return {
    bucket: vars.S3_BUCKET!,
    region: vars.S3_REGION ?? 'us-east-1',
    endpoint: vars.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    permission: (vars.S3_PERMISSION ?? 'public-read') as S3Config['permission'],
    credentials:
      vars.AWS_ACCESS_KEY_ID && vars.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.AWS_ACCESS_KEY_ID, secretAccessKey: vars.AWS_SECRET_ACCESS_KEY }
        : null,
  };
}

function translationConfig(vars: EnvironmentVariables): TranslationConfig {
  if (vars.DEEPL_API_KEY) {
    return { backend: 'deepl', apiKey: vars.DEEPL_API_KEY, plan: vars.DEEPL_PLAN ?? 'free' };
  }
  if (vars.LIBRE_TRANSLATE_ENDPOINT) {
    return {
      backend: 'libretranslate',
      endpoint: vars.LIBRE_TRANSLATE_ENDPOINT.replace(/\/+$/, ''),
      apiKey: vars.LIBRE_TRANSLATE_API_KEY ?? null,
    };
  }
  return null;
}

function workerQueues(vars: EnvironmentVariables): WorkerQueue[] {
  const requested = vars.WORKER_QUEUES ?? QUEUE_NAMES.map((name) => ({ name }));
  const concurrency = vars.WORKER_CONCURRENCY ?? 5;
  return requested.map((queue) => ({ concurrency, ...queue }));
}

// Development and tests get a fixed secret so restarts keep sessions; production must set one.
const DEVELOPMENT_SECRET = 'nestodon-development-secret-key-base-not-for-production-use';

function secretKeyBase(vars: EnvironmentVariables, env: AppConfig['env']): string {
  if (vars.SECRET_KEY_BASE) return vars.SECRET_KEY_BASE;
  if (env === 'production') {
    throw new ConfigurationError([
      'SECRET_KEY_BASE must be set in production (generate one with: openssl rand -hex 64)',
    ]);
  }
  return DEVELOPMENT_SECRET;
}

/** Validates the environment and returns the typed configuration every module reads. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return withDefaults(validateEnvironment(env));
}
