// ESLint: TypeScript rules, Prettier for layout, and the dependency direction between libs.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

/**
 * Which of our libs each lib may import. Dependencies point one way (DESIGN.md):
 * apps -> libs; core -> domain, policies, queue, pubsub, config, platform;
 * serializers -> domain, policies, config; domain -> nothing of ours.
 */
const LIB_DEPENDENCIES = {
  config: [],
  domain: [],
  text: [],
  policies: ['domain'],
  platform: ['config', 'domain'],
  http: ['config', 'domain', 'platform'],
  queue: ['config', 'platform'],
  pubsub: ['config', 'platform'],
  auth: ['config', 'domain', 'platform', 'http'],
  serializers: ['config', 'domain', 'policies', 'text'],
  core: [
    'config',
    'domain',
    'policies',
    'platform',
    'queue',
    'pubsub',
    'serializers',
    'auth',
    'text',
  ],
  testing: [
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

const boundaries = Object.entries(LIB_DEPENDENCIES).map(([lib, allowed]) => {
  const forbidden = ALL_LIBS.filter((other) => other !== lib && !allowed.includes(other));
  return {
    files: [`libs/${lib}/src/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(forbidden.length
              ? [
                  {
                    group: forbidden.flatMap((name) => [
                      `@nestodon/${name}`,
                      `@nestodon/${name}/*`,
                    ]),
                    message: `libs/${lib} may depend only on: ${allowed.join(', ') || 'nothing of ours'} (see eslint.config.js).`,
                  },
                ]
              : []),
            {
              group: ['**/apps/**', '../../*/src/**', '../../../libs/**'],
              message: 'Import other libs through @nestodon/<lib>; libs never import apps.',
            },
          ],
        },
      ],
    },
  };
});

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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests on main.',
        },
      ],
    },
  },
  {
    files: ['apps/**/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/libs/**'], message: 'Import libs through @nestodon/<lib>.' }] },
      ],
    },
  },
  ...boundaries,
);
