/**
 * Import rules (issue 16; docs/architecture.md explains the intent). `npm run lint:imports` and
 * the lint step of scripts/test.sh run them; a violation fails CI.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-other-module-repository',
      comment:
        "A server module never imports another module's repository: it calls that module's service " +
        '(one owner per concept; CONVENTIONS §15).',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/modules/([^/]+)/repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'module-through-index',
      comment:
        "A server module reaches another only through that module's index.ts, its public face: what is " +
        'not exported there may change without the other modules noticing. Tests may reach inside.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^src/server/modules/[^/]+/.',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-through-index',
      comment: 'Code outside the modules (the app, the platform, the module list) uses a module through its index.ts.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['^src/server/modules/[^/]+/', '^src/server/db/schema\\.ts$', '\\.test\\.tsx?$'],
      },
      to: { path: '^src/server/modules/[^/]+/.', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'outside-through-index',
      comment:
        "db/schema.ts re-exports each module's schema.ts for drizzle-kit, which reads tables, not a module's " +
        'face; anything else of a module it reaches through index.ts too.',
      severity: 'error',
      from: { path: '^src/server/db/schema\\.ts$' },
      to: {
        path: '^src/server/modules/[^/]+/.',
        pathNot: ['^src/server/modules/[^/]+/index\\.ts$', '^src/server/modules/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'no-cross-feature',
      comment:
        'A web feature never imports another feature: shared UI lives in src/web/components/, shared hooks and ' +
        'helpers in src/web/lib/, and src/web/app/ composes the features.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'no-features-from-shared-web',
      comment: 'components/ and lib/ are below the features: they never import one.',
      severity: 'error',
      from: { path: '^src/web/(components|lib|i18n)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'core-is-pure',
      comment: 'src/core is shared by server and web and imports neither.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The browser bundle talks to the server over HTTP only; shared types and schemas live in src/core.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-renders-only-shared-web',
      comment:
        'The server may read the translation files and render the card sheet for the public card page ' +
        '(issue 9: the same markup as the React app); nothing else of the web app.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/modules/cards/page\\.tsx$' },
      to: { path: '^src/web/', pathNot: '^src/web/i18n/.+\\.json$' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other in a circle cannot be understood or loaded one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
