import {
  ConfigurationError,
  EnvironmentVariables,
  RegistrationMode,
  validateEnvironment,
} from './env.schema';

export interface DatabaseConfig {
  url: string;
  poolSize: number;
  migrateOnBoot: boolean;
}

export interface RedisConfig {
  url: string;
  /** Prefix for every key, channel and queue, so several instances (or test files) share one Redis. */
  namespace: string;
}

export interface HttpConfig {
  bind: string;
  port: number;
  streamingPort: number;
  shutdownTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed (express `trust proxy` syntax). */
  trustedProxies: string[];
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
  contactEmail: string;
  contactAccount: string | null;
  languages: string[];
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

export interface MediaConfig {
  /** Folder where uploaded and processed files are stored (local disk storage). */
  root: string;
  /** Public URL prefix of stored files, without a trailing slash. */
  baseUrl: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  database: DatabaseConfig;
  redis: RedisConfig;
  http: HttpConfig;
  instance: InstanceConfig;
  jobs: { inline: boolean; concurrency: number };
  /** Signs cookies and derives other secrets; required in production. */
  secretKeyBase: string;
  mail: MailConfig;
  media: MediaConfig;
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
    database: {
      url: vars.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/nestodon_${env}`,
      poolSize: vars.DB_POOL ?? 10,
      migrateOnBoot: vars.DB_MIGRATE_ON_BOOT ?? true,
    },
    redis: {
      url: vars.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      namespace: vars.REDIS_NAMESPACE ? `${vars.REDIS_NAMESPACE}:` : '',
    },
    http: {
      bind: vars.BIND ?? '127.0.0.1',
      port,
      streamingPort,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS ?? 8000,
      // Like Rails' defaults: loopback and private networks, where reverse proxies usually are.
      trustedProxies: (vars.TRUSTED_PROXY_IP ?? 'loopback,uniquelocal')
        .split(',')
        .map((p) => p.trim()),
    },
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
      contactEmail: vars.INSTANCE_CONTACT_EMAIL ?? '',
      contactAccount: vars.INSTANCE_CONTACT_ACCOUNT ?? null,
      languages: (vars.INSTANCE_LANGUAGES ?? 'en').split(','),
      registrationsMode: vars.REGISTRATIONS_MODE ?? 'open',
      maxStatusChars: vars.MAX_STATUS_CHARS ?? 500,
      timelinePreview: vars.TIMELINE_PREVIEW ?? true,
    },
    jobs: {
      inline: vars.JOBS_INLINE ?? false,
      concurrency: vars.WORKER_CONCURRENCY ?? 5,
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
    media: {
      root: vars.MEDIA_ROOT ?? 'public/system',
      baseUrl: (vars.MEDIA_BASE_URL ?? `${baseUrl}/system`).replace(/\/+$/, ''),
    },
  };
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
