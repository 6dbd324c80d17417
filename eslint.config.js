import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries (decision 024). Server modules form a directed graph: each may use the modules listed for it
 * (their services and types, never their repositories); nothing else, so no cycle can form. Web features never
 * import one another; shared code lives in components/ and lib/.
 */
const SERVER = 'packages/server/src';
const SERVER_MODULES = {
  agents: [],
  apps: ['audit'],
  audit: [],
  events: [],
  accounts: ['agents', 'apps', 'audit'],
  catalog: ['accounts', 'apps', 'audit'],
  devices: ['accounts', 'apps', 'catalog', 'audit', 'events'],
  stock: ['accounts', 'apps', 'catalog', 'devices', 'audit', 'events'],
  orders: ['accounts', 'apps', 'catalog', 'devices', 'stock', 'audit', 'events'],
  analytics: ['accounts', 'apps', 'catalog', 'devices', 'orders'],
  notifications: ['accounts', 'apps', 'catalog', 'devices'],
  passport: ['accounts', 'agents', 'notifications'],
  staff: ['accounts', 'apps', 'catalog', 'audit'],
  overview: ['accounts', 'apps', 'staff'],
  'bank-directory': ['catalog'],
  'bank-cards': ['accounts', 'apps', 'catalog', 'devices', 'bank-directory', 'audit', 'events'],
  'fee-splits': ['devices', 'bank-cards', 'audit'],
  funds: ['accounts', 'apps', 'catalog', 'devices', 'orders', 'bank-cards', 'fee-splits', 'audit', 'events'],
  coupons: ['accounts', 'apps', 'catalog', 'devices', 'orders'],
  gifts: ['accounts', 'apps', 'catalog', 'devices', 'orders'],
  referrers: ['accounts', 'apps', 'catalog', 'devices', 'orders'],
  marketing: ['accounts', 'apps', 'catalog', 'devices', 'orders', 'coupons', 'gifts', 'referrers'],
  members: ['accounts', 'apps', 'catalog', 'devices', 'orders'],
  adverts: ['accounts', 'apps', 'catalog', 'devices', 'orders', 'coupons'],
  webhooks: ['accounts', 'events'],
  'api-keys': ['audit'],
};
const WEB_FEATURES = 'packages/web/src/features';
const webFeatures = fs
  .readdirSync(WEB_FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverZones = Object.entries(SERVER_MODULES).flatMap(([name, uses]) => {
  const others = Object.keys(SERVER_MODULES).filter((other) => other !== name);
  return [
    {
      target: `${SERVER}/modules/${name}`,
      from: `${SERVER}/modules`,
      except: [`./${name}`, ...uses.map((used) => `./${used}`)],
      message: `the ${name} module may use only: ${uses.join(', ') || 'no other module'} (eslint.config.js)`,
    },
    {
      target: `${SERVER}/modules/${name}`,
      from: others.map((other) => `${SERVER}/modules/${other}/*-repository.ts`),
      message: `a repository belongs to its module: call that module's service instead`,
    },
  ];
});
const layerZones = [
  {
    target: ['platform', 'integrations', 'jobs', 'gateway'].map((dir) => `${SERVER}/${dir}`),
    from: `${SERVER}/modules`,
    message: 'the platform layers are below the feature modules',
  },
  {
    target: `${SERVER}/db`,
    from: `${SERVER}/modules/*/!(*-tables).ts`,
    message: 'db/ knows the modules only through their table declarations',
  },
];
const webZones = [
  ...webFeatures.map((name) => ({
    target: `${WEB_FEATURES}/${name}`,
    from: WEB_FEATURES,
    except: [`./${name}`],
    message: 'web features never import one another: move what both need to components/ or lib/',
  })),
  {
    target: ['packages/web/src/components', 'packages/web/src/lib'],
    from: WEB_FEATURES,
    message: 'shared web code never imports a feature',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/*-testing.ts',
      '**/*-fixtures.ts',
      '**/*-fixture.ts',
    ],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...layerZones, ...webZones] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
