// ESLint: TypeScript rules, Prettier for layout, and the dependency direction between libs.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

const CORE_DEPENDENCIES = [
  'access',
  'config',
  'domain',
  'policies',
  'platform',
  'queue',
  'pubsub',
  'serializers',
  'text',
  'activitypub/render',
];

/**
 * Which of our libs each lib may import; every lib missing from a list is refused (README,
 * Architecture). Apps may import any lib, libs never import apps. In short: domain, config,
 * text and access depend on nothing of ours; policies on domain; serializers on domain,
 * policies, config and text; core on domain, policies, platform, queue, pubsub, serializers,
 * config, text, access (token digests and scopes, never libs/auth) and activitypub/render; auth
 * and http sit beside core for the HTTP apps. libs/activitypub has parts on both sides of core,
 * each imported as @nestodon/activitypub/<part>: render (local model to ActivityStreams, pure,
 * below core), inbox (one handler per inbound activity type, above core) and federation
 * (Fedify's wiring: routes, stores, loaders; above core) and outbox (what local accounts do,
 * rendered and delivered to remote inboxes by the worker; above federation).
 */
const LIB_DEPENDENCIES = {
  config: [],
  domain: [],
  text: [],
  access: [],
  policies: ['domain'],
  platform: ['config', 'domain'],
  http: ['config', 'domain', 'platform'],
  queue: ['config', 'platform'],
  pubsub: ['config', 'domain', 'platform'],
  auth: ['access', 'config', 'domain', 'platform', 'http', 'pubsub'],
  serializers: ['config', 'domain', 'policies', 'text'],
  'activitypub/render': ['config', 'domain', 'text'],
  core: CORE_DEPENDENCIES,
  'activitypub/inbox': [...CORE_DEPENDENCIES, 'core'],
  'activitypub/federation': [...CORE_DEPENDENCIES, 'core', 'activitypub/inbox'],
  'activitypub/outbox': [...CORE_DEPENDENCIES, 'core', 'activitypub/federation'],
  testing: [
    'access',
    'config',
    'domain',
    'platform',
    'queue',
    'pubsub',
    'core',
    'auth',
    'serializers',
    'policies',
    'text',
  ],
};
const ALL_LIBS = Object.keys(LIB_DEPENDENCIES);

/** Where a lib's sources are: libs/<lib>/src, or libs/<lib>/src/<part> for a part of one. */
const sourcesOf = (lib) => {
  const [name, part] = lib.split('/');
  return part ? `libs/${name}/src/${part}` : `libs/${name}/src`;
};

/** Relative imports into sibling parts of the same lib, which would dodge the boundary. */
function siblingPartPatterns(lib, allowed) {
  const [name, part] = lib.split('/');
  if (!part) return [];
  return ALL_LIBS.filter(
    (other) => other.startsWith(`${name}/`) && other !== lib && !allowed.includes(other),
  ).flatMap((other) => {
    const sibling = other.split('/')[1];
    return [`../${sibling}`, `../${sibling}/**`, `../../${sibling}`, `../../${sibling}/**`];
  });
}

/** Nest and the database: what a pure lib (rules over values, no wiring, no I/O) never sees. */
const FRAMEWORK_AND_DATABASE = ['typeorm', 'pg', '@nestjs/*'];

/**
 * Packages a lib may not import at all, nor their subpaths (`*` matches any name). SQL lives in
 * libs/domain repositories: core and serializers call named repository methods, and core opens
 * transactions with domain's TransactionRunner. Policies are pure functions over preloaded
 * facts, and access is pure too (scopes, digests, redirect URI rules).
 */
const FORBIDDEN_PACKAGES = {
  core: ['typeorm', '@nestjs/typeorm', 'pg'],
  serializers: ['typeorm', '@nestjs/typeorm', 'pg'],
  policies: FRAMEWORK_AND_DATABASE,
  access: FRAMEWORK_AND_DATABASE,
  // Rendering is pure too: Fedify's vocabulary, never its server half.
  'activitypub/render': [...FRAMEWORK_AND_DATABASE, '@fedify/fedify'],
};

const NO_FOCUSED_TESTS = {
  selector:
    'CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name=/^(only|skip)$/]',
  message: 'No focused or skipped tests on main.',
};
/**
 * Fedify functions that make requests with the global fetch, where no SafeHttpClient can be
 * given: every outbound request must pass the safe client (DESIGN.md). Fedify's document,
 * context and authenticated loaders are ours (libs/activitypub/src/federation), so fetching
 * objects, actors and keys through a Context is safe; these are not.
 */
const GLOBAL_FETCH_MESSAGE =
  'Fedify makes this request with the global fetch, bypassing SafeHttpClient (SSRF checks, limits): fetch through the safe client or the federation loaders instead.';
const NO_GLOBAL_FETCH = [
  {
    selector:
      'CallExpression[callee.property.name=/^(sendActivity|forwardActivity|lookupWebFinger|lookupNodeInfo|lookupObject)$/]',
    message: GLOBAL_FETCH_MESSAGE,
  },
  {
    selector:
      'ImportDeclaration[source.value=/^@fedify\\//] ImportSpecifier[imported.name=/^(lookupWebFinger|lookupObject|getNodeInfo|getDocumentLoader|getAuthenticatedDocumentLoader)$/]',
    message: GLOBAL_FETCH_MESSAGE,
  },
];
/** Libs that reach the database only through libs/domain repositories (lint refuses SQL there). */
const SQL_FREE_LIBS = ['core', 'serializers'];
const NO_SQL = [
  {
    selector: 'CallExpression[callee.property.name=/^(query|getRepository|createQueryBuilder)$/]',
    message: 'SQL belongs in a libs/domain repository: call a named repository method.',
  },
  {
    selector: 'Identifier[name=/^(DataSource|EntityManager)$/]',
    message: 'SQL belongs in a libs/domain repository; transactions come from TransactionRunner.',
  },
];

function importRules(lib, allowed, packages) {
  const forbidden = ALL_LIBS.filter((other) => other !== lib && !allowed.includes(other));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...packages.map((name) => ({
            group: [name, `${name}/*`],
            message: `libs/${lib} may not import ${name} (see FORBIDDEN_PACKAGES in eslint.config.js).`,
          })),
          ...(forbidden.length
            ? [
                {
                  group: forbidden.flatMap((name) => [`@nestodon/${name}`, `@nestodon/${name}/*`]),
                  message: `libs/${lib} may depend only on: ${allowed.join(', ') || 'nothing of ours'} (see eslint.config.js).`,
                },
              ]
            : []),
          {
            group: ['**/apps/**', '../../*/src/**', '../../../libs/**', ...APP_ENTRIES],
            message: 'Import other libs through @nestodon/<lib>; libs never import apps.',
          },
          ...(siblingPartPatterns(lib, allowed).length
            ? [
                {
                  group: siblingPartPatterns(lib, allowed),
                  message: `libs/${lib} may depend only on: ${allowed.join(', ')} (see eslint.config.js).`,
                },
              ]
            : []),
        ],
      },
    ],
  };
}

/**
 * Apps never import each other. Another app's tests may start an app through its public entry,
 * `@nestodon/<app>` (apps/<app>/src/index.ts): the api's tests run jobs inline through the
 * worker's JobProcessorsModule, the worker's tests serve the api. Sources use neither.
 */
const APPS = ['api', 'cli', 'launcher', 'streaming', 'worker'];
const APP_ENTRIES = ['@nestodon/api', '@nestodon/worker'];

function appImportRules(app, { sources }) {
  const others = APPS.filter((other) => other !== app);
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/libs/**'], message: 'Import libs through @nestodon/<lib>.' },
          {
            group: others.flatMap((other) => [`**/${other}/src/**`, `**/${other}/test/**`]),
            message: `apps/${app} may not import another app's files (see APPS in eslint.config.js).`,
          },
          ...(sources
            ? [
                {
                  group: APP_ENTRIES.flatMap((entry) => [entry, `${entry}/*`]),
                  message: 'An app never imports another app (see APPS in eslint.config.js).',
                },
              ]
            : []),
        ],
      },
    ],
  };
}

const boundaries = Object.entries(LIB_DEPENDENCIES).map(([lib, allowed]) => ({
  files: [`${sourcesOf(lib)}/**/*.ts`],
  ignores: ['**/*.spec.ts'],
  rules: {
    ...importRules(lib, allowed, FORBIDDEN_PACKAGES[lib] ?? []),
    ...(SQL_FREE_LIBS.includes(lib)
      ? { 'no-restricted-syntax': ['error', NO_FOCUSED_TESTS, ...NO_GLOBAL_FETCH, ...NO_SQL] }
      : {}),
  },
}));

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
      'no-restricted-syntax': ['error', NO_FOCUSED_TESTS, ...NO_GLOBAL_FETCH],
    },
  },
  {
    // Type-aware, for TypeScript files only: a promise nobody awaits hides its failure.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  ...APPS.flatMap((app) => [
    {
      files: [`apps/${app}/**/*.ts`],
      rules: appImportRules(app, { sources: false }),
    },
    {
      files: [`apps/${app}/src/**/*.ts`],
      ignores: ['**/*.spec.ts'],
      rules: appImportRules(app, { sources: true }),
    },
  ]),
  ...boundaries,
);
