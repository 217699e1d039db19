/**
 * The server's layers (docs/architecture.md): each imports only from the layers below it. Run by
 * `npm run lint`. A layer is a list of paths; a rule forbids every import from a layer to any
 * layer above it.
 */
const LAYERS = [
  ['shared', ['^shared/']],
  ['data', ['^server/db/', '^migrations/']],
  ['plumbing', ['^server/http/', '^server/lib/', '^server/errors[.]ts$', '^server/config[.]ts$']],
  [
    'access',
    [
      '^server/auth/',
      '^server/trpc/(trpc|context|batch-guard)[.]ts$',
      '^server/audit/audit[.]ts$',
      '^server/deps[.]ts$',
    ],
  ],
  [
    'areas',
    [
      '^server/(campaigns|submissions|uploads|giving|payments|users|settings|backup|dashboard|seed|mail|newsletter|alerts|texts)/',
      '^server/audit/(?!audit[.]ts$)',
    ],
  ],
  ['composition', ['^server/app[.]ts$', '^server/trpc/root[.]ts$', '^server/pages[.]ts$', '^server/bootstrap[.]ts$']],
  ['processes', ['^server/main[.]ts$', '^server/cli/', '^server/housekeeping[.]ts$']],
];

const upward = LAYERS.flatMap(([name, paths], i) =>
  LAYERS.slice(i + 1).map(([above, abovePaths]) => ({
    name: `${name}-not-to-${above}`,
    comment: `The ${name} layer imports nothing from the ${above} layer above it.`,
    severity: 'error',
    from: { path: paths },
    to: { path: abovePaths },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'shared-is-shared',
      comment: 'shared/ is used by both sides: it imports no server or client code.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'browser-loads-its-language-only',
      comment:
        'Every catalogue file of both languages is for the server and the scripts: a browser loads its own language.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^shared/messages/(catalogue-files|all)[.]ts$' },
    },
    {
      name: 'client-reaches-server-by-type',
      comment: 'The client knows the server only through `import type` of the router.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-types-only-the-router',
      comment: 'The one server type the client may import is the root router.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/(?!trpc/root[.]ts$)' },
    },
    {
      name: 'migrations-are-frozen',
      comment: 'Migrations import no app code, so an old one never changes with the code.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^(server|shared|client)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|tests|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
