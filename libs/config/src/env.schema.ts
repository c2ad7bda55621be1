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
  validateSync,
} from 'class-validator';
import { parseBoolean } from './boolean';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? parseBoolean(value) : value;
const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$/i;

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
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL?: number;

  @IsOptional()
  @Matches(/^rediss?:\/\/[^/]*(\/\d{1,2})?$/, {
    message: 'must look like redis://host:port/db',
  })
  REDIS_URL?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'may use letters, digits and _.:- only' })
  REDIS_NAMESPACE?: string;

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
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  WORKER_CONCURRENCY?: number;

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
  @IsEmail()
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
  DB_POOL = undefined;
  REDIS_URL = undefined;
  REDIS_NAMESPACE = undefined;
  PORT = undefined;
  STREAMING_PORT = undefined;
  BIND = undefined;
  LOCAL_DOMAIN = undefined;
  WEB_DOMAIN = undefined;
  LOCAL_HTTPS = undefined;
  STREAMING_API_BASE_URL = undefined;
  LOG_LEVEL = undefined;
  WORKER_CONCURRENCY = undefined;
  JOBS_INLINE = undefined;
  DB_MIGRATE_ON_BOOT = undefined;
  INSTANCE_TITLE = undefined;
  INSTANCE_DESCRIPTION = undefined;
  INSTANCE_EXTENDED_DESCRIPTION = undefined;
  INSTANCE_CONTACT_EMAIL = undefined;
  INSTANCE_CONTACT_ACCOUNT = undefined;
  INSTANCE_LANGUAGES = undefined;
  REGISTRATIONS_MODE = undefined;
  MAX_STATUS_CHARS = undefined;
  TIMELINE_PREVIEW = undefined;
  SHUTDOWN_TIMEOUT_MS = undefined;
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
}
