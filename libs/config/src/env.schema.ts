import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { parseBoolean } from './boolean';
import { MAX_WORKER_CONCURRENCY, parseWorkerQueues, WorkerQueueRequest } from './worker-queues';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? parseBoolean(value) : value;
const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$/i;

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const REGISTRATION_MODES = ['open', 'approved', 'none'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/**
 * Every environment variable Nestodon reads. Each one is documented in README.md;
 * values arrive as strings and are converted before validation.
 */
export class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^/]+\/[A-Za-z0-9_-]+(\?.*)?$/, {
    message: 'must look like postgres://user@host:port/database',
  })
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^/]+\/[A-Za-z0-9_-]+(\?.*)?$/, {
    message: 'must look like postgres://user@host:port/database',
  })
  REPLICA_DATABASE_URL?: string;

  @IsOptional()
  @IsIn(['auto', 'always', 'never'])
  EMBEDDED_POSTGRES?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  DB_POOL_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  HTTP_HEADERS_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  HTTP_REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @Matches(/^rediss?:\/\/[^/]*(\/\d{1,2})?$/, {
    message: 'must look like redis://host:port/db',
  })
  REDIS_URL?: string;

  @IsOptional()
  @IsIn(['auto', 'always', 'never'])
  USE_REDIS?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]+:\d{1,5}(,[A-Za-z0-9_.-]+:\d{1,5})*$/, {
    message: 'must list sentinels as host:port,host:port',
  })
  REDIS_SENTINELS?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'must be the name of the monitored master' })
  REDIS_SENTINEL_MASTER?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'may use letters, digits and _.:- only' })
  REDIS_NAMESPACE?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  REDIS_COMMAND_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  STREAMING_PORT?: number;

  @IsOptional()
  @IsString()
  @MinLength(1)
  BIND?: string;

  @IsOptional()
  @Matches(HOST_PATTERN, { message: 'must be a host name, optionally with :port' })
  LOCAL_DOMAIN?: string;

  @IsOptional()
  @Matches(HOST_PATTERN, { message: 'must be a host name, optionally with :port' })
  WEB_DOMAIN?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  WORKER_HEALTH_PORT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  LOCAL_HTTPS?: boolean;

  @IsOptional()
  @Matches(/^wss?:\/\/[^\s]+$/, { message: 'must be a ws:// or wss:// URL' })
  STREAMING_API_BASE_URL?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @IsIn(LOG_FORMATS)
  LOG_FORMAT?: LogFormat;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(MAX_WORKER_CONCURRENCY)
  WORKER_CONCURRENCY?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  WORKER_JOB_LOCK_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? parseWorkerQueues(value) : value))
  @ValidateBy({
    name: 'workerQueues',
    validator: {
      validate: (value: unknown) => Array.isArray(value),
      defaultMessage: (args) =>
        (args?.value as { problem?: string }).problem ?? 'must be a comma-separated list of queues',
    },
  })
  WORKER_QUEUES?: WorkerQueueRequest[];

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  JOBS_INLINE?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  DB_MIGRATE_ON_BOOT?: boolean;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  INSTANCE_TITLE?: string;

  @IsOptional()
  @IsString()
  @MaxLength(5000)
  INSTANCE_DESCRIPTION?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100000)
  INSTANCE_EXTENDED_DESCRIPTION?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100000)
  INSTANCE_PRIVACY_POLICY?: string;

  @IsOptional()
  // Hosts without a dot (admin@localhost) are fine, as for sign-ups.
  @IsEmail({ require_tld: false })
  INSTANCE_CONTACT_EMAIL?: string;

  @IsOptional()
  @Matches(/^[a-z0-9_]{1,30}$/i, { message: 'must be a local username' })
  INSTANCE_CONTACT_ACCOUNT?: string;

  @IsOptional()
  @Matches(/^[a-z]{2,3}(-[A-Za-z0-9]+)?(,[a-z]{2,3}(-[A-Za-z0-9]+)?)*$/, {
    message: 'must be a comma-separated list of language codes',
  })
  INSTANCE_LANGUAGES?: string;

  @IsOptional()
  @IsIn(REGISTRATION_MODES)
  REGISTRATIONS_MODE?: RegistrationMode;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  MAX_STATUS_CHARS?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  TIMELINE_PREVIEW?: boolean;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(60000)
  SHUTDOWN_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WEB_CONCURRENCY?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  LAUNCHER_RESTART_LIMIT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  THROTTLE_UNAUTHENTICATED_API?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  THROTTLE_AUTHENTICATED_API?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  THROTTLE_PER_TOKEN_API?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  LAUNCHER_RESTART_DELAY_MS?: number;

  @IsOptional()
  @Matches(
    /^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$|^(loopback|linklocal|uniquelocal)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:/]+))*$/i,
    {
      message: 'must be a comma-separated list of IP addresses or CIDR ranges',
    },
  )
  TRUSTED_PROXY_IP?: string;

  @IsOptional()
  @IsString()
  @MinLength(32, {
    message: 'must be at least 32 characters (generate one with: openssl rand -hex 64)',
  })
  SECRET_KEY_BASE?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9.-]+$/, { message: 'must be a host name' })
  SMTP_SERVER?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  SMTP_PORT?: number;

  @IsOptional()
  @IsString()
  SMTP_LOGIN?: string;

  @IsOptional()
  @IsString()
  SMTP_PASSWORD?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  SMTP_TLS?: boolean;

  @IsOptional()
  @IsString()
  @MinLength(3)
  SMTP_FROM_ADDRESS?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  MAIL_DIR?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  MEDIA_ROOT?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http:// or https:// URL' })
  MEDIA_BASE_URL?: string;

  // Machine translation of statuses, with Mastodon's variable names: DeepL when its key is
  // set, else LibreTranslate when its endpoint is.
  @IsOptional()
  @IsString()
  @MinLength(1)
  DEEPL_API_KEY?: string;

  @IsOptional()
  @IsIn(['free', 'pro'])
  DEEPL_PLAN?: 'free' | 'pro';

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http:// or https:// URL' })
  LIBRE_TRANSLATE_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  LIBRE_TRANSLATE_API_KEY?: string;

  /** Where donation campaigns are asked for (Mastodon's variable); none without it. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http:// or https:// URL' })
  DONATION_CAMPAIGNS_URL?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'may use letters, digits, _ and - only' })
  DONATION_CAMPAIGNS_ENVIRONMENT?: string;

  /** The year whose annual reports may be generated now; default: the current one in late December. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(2000)
  @Max(9999)
  ANNUAL_REPORT_YEAR?: number;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, {
    message:
      'must be a base64url P-256 public key (generate a pair with: npm run -s cli -- vapid generate)',
  })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{42,44}={0,2}$/, {
    message:
      'must be a base64url P-256 private key (generate a pair with: npm run -s cli -- vapid generate)',
  })
  VAPID_PRIVATE_KEY?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  FFMPEG_PATH?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  FFPROBE_PATH?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  S3_ENABLED?: boolean;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
  S3_BUCKET?: string;

  @IsOptional()
  @Matches(/^[a-z0-9-]+$/, { message: 'must be a region name such as us-east-1' })
  S3_REGION?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+\/?$/, { message: 'must be an http:// or https:// URL of a host' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^[a-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/i, {
    message: 'must be a host name, optionally with a port and path (no scheme)',
  })
  S3_ALIAS_HOST?: string;

  @IsOptional()
  @IsIn(['http', 'https'])
  S3_PROTOCOL?: string;

  @IsOptional()
  @IsIn(['public-read', 'private', 'none'])
  S3_PERMISSION?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  AWS_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  AWS_SECRET_ACCESS_KEY?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  ALLOW_PRIVATE_ADDRESS?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  AUTHORIZED_FETCH?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  LIMITED_FEDERATION_MODE?: boolean;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Converts and validates the environment; throws ConfigurationError naming every bad variable. */
export function validateEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const known = Object.keys(new EnvironmentVariablesKeys());
  const present: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') present[key] = value;
  }
  const parsed = plainToInstance(EnvironmentVariables, present);
  const errors = validateSync(parsed, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigurationError(
      errors.map((error) => {
        const reasons = Object.values(error.constraints ?? {}).join('; ');
        return `${error.property} ${reasons} (got ${JSON.stringify(present[error.property])})`;
      }),
    );
  }
  return parsed;
}

/** Lists the variable names, so unrelated environment entries are never validated. */
class EnvironmentVariablesKeys implements Record<keyof EnvironmentVariables, undefined> {
  NODE_ENV = undefined;
  DATABASE_URL = undefined;
  REPLICA_DATABASE_URL = undefined;
  EMBEDDED_POSTGRES = undefined;
  DB_POOL = undefined;
  DB_POOL_TIMEOUT_MS = undefined;
  HTTP_HEADERS_TIMEOUT_MS = undefined;
  HTTP_REQUEST_TIMEOUT_MS = undefined;
  REDIS_URL = undefined;
  USE_REDIS = undefined;
  REDIS_SENTINELS = undefined;
  REDIS_SENTINEL_MASTER = undefined;
  REDIS_NAMESPACE = undefined;
  REDIS_COMMAND_TIMEOUT_MS = undefined;
  PORT = undefined;
  STREAMING_PORT = undefined;
  BIND = undefined;
  WORKER_HEALTH_PORT = undefined;
  METRICS_PORT = undefined;
  METRICS_TOKEN = undefined;
  LOCAL_DOMAIN = undefined;
  WEB_DOMAIN = undefined;
  LOCAL_HTTPS = undefined;
  STREAMING_API_BASE_URL = undefined;
  LOG_LEVEL = undefined;
  LOG_FORMAT = undefined;
  WORKER_CONCURRENCY = undefined;
  WORKER_JOB_LOCK_MS = undefined;
  WORKER_QUEUES = undefined;
  JOBS_INLINE = undefined;
  DB_MIGRATE_ON_BOOT = undefined;
  INSTANCE_TITLE = undefined;
  INSTANCE_DESCRIPTION = undefined;
  INSTANCE_EXTENDED_DESCRIPTION = undefined;
  INSTANCE_PRIVACY_POLICY = undefined;
  INSTANCE_CONTACT_EMAIL = undefined;
  INSTANCE_CONTACT_ACCOUNT = undefined;
  INSTANCE_LANGUAGES = undefined;
  REGISTRATIONS_MODE = undefined;
  MAX_STATUS_CHARS = undefined;
  TIMELINE_PREVIEW = undefined;
  SHUTDOWN_TIMEOUT_MS = undefined;
  WEB_CONCURRENCY = undefined;
  LAUNCHER_RESTART_LIMIT = undefined;
  THROTTLE_UNAUTHENTICATED_API = undefined;
  THROTTLE_AUTHENTICATED_API = undefined;
  THROTTLE_PER_TOKEN_API = undefined;
  LAUNCHER_RESTART_DELAY_MS = undefined;
  TRUSTED_PROXY_IP = undefined;
  SECRET_KEY_BASE = undefined;
  SMTP_SERVER = undefined;
  SMTP_PORT = undefined;
  SMTP_LOGIN = undefined;
  SMTP_PASSWORD = undefined;
  SMTP_TLS = undefined;
  SMTP_FROM_ADDRESS = undefined;
  MAIL_DIR = undefined;
  MEDIA_ROOT = undefined;
  MEDIA_BASE_URL = undefined;
  VAPID_PUBLIC_KEY = undefined;
  VAPID_PRIVATE_KEY = undefined;
  FFMPEG_PATH = undefined;
  FFPROBE_PATH = undefined;
  S3_ENABLED = undefined;
  S3_BUCKET = undefined;
  S3_REGION = undefined;
  S3_ENDPOINT = undefined;
  S3_ALIAS_HOST = undefined;
  S3_PROTOCOL = undefined;
  S3_PERMISSION = undefined;
  AWS_ACCESS_KEY_ID = undefined;
  AWS_SECRET_ACCESS_KEY = undefined;
  DEEPL_API_KEY = undefined;
  DEEPL_PLAN = undefined;
  LIBRE_TRANSLATE_ENDPOINT = undefined;
  LIBRE_TRANSLATE_API_KEY = undefined;
  DONATION_CAMPAIGNS_URL = undefined;
  DONATION_CAMPAIGNS_ENVIRONMENT = undefined;
  ANNUAL_REPORT_YEAR = undefined;
  ALLOW_PRIVATE_ADDRESS = undefined;
  AUTHORIZED_FETCH = undefined;
  LIMITED_FEDERATION_MODE = undefined;
}
