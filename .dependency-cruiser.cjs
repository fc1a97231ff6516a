/**
 * The layering of src/ (docs/architecture.md "Layers"), checked by `npm run lint` and
 * `.ci/run`: depcruise src --config .dependency-cruiser.cjs
 *
 *   ground/         errors, ids, time, money, validate, logger, config, ... and engine/
 *   store/          opens SQLite, runs the migrations it is given; imports no module
 *   modules         ledger/, accounts/, trading/, ... own their tables, call each other downward
 *   views/          the v1 wire shapes (docs/architecture.md "The edge and the wire") shared by the transports that speak them
 *   transports      rest/ market/ ws/ binance/ gateway/ admin-gateway/ admin/ web/, side by side; http/ is their toolkit
 *   cluster/        cluster mode on NATS (loaded on demand only, never by the single process)
 *   listeners/      and node.ts, services.ts, migrations.ts compose
 *   src/cli/, src/commands/   the CLI, on top; src/node/ never imports it
 *
 * Type-only imports count: a layer that names another's types depends on it.
 *
 * `DEPCRUISE_SCOPE=folders depcruise src --config .dependency-cruiser.cjs` checks instead that no two
 * folders import each other, however indirectly (accounts/ → auth/ → accounts/ was one). That run
 * leaves out the files at the root of src/node/: the ground files every folder imports and the
 * composition root that imports every folder would otherwise close a loop through "src/node".
 * `npm run lint:layers` runs both.
 */
const TRANSPORTS = '(rest|market|ws|binance|gateway|admin-gateway|admin|web)'
const GROUND = 'ground/'

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const layerRules = [
  {
    name: 'no-circular',
    severity: 'error',
    comment: 'A cycle means two files (or folders) cannot be understood, tested or moved apart.',
    from: {},
    to: {circular: true},
  },
  {
    name: 'store-imports-no-module',
    severity: 'error',
    comment:
      'store/ opens SQLite and runs the migrations it is given (src/node/migrations.ts at the ' +
      'composition root orders them); it imports only itself and ground files.',
    from: {path: '^src/node/store/'},
    to: {path: '^src/', pathNot: [`^src/node/store/`, `^src/node/${GROUND}`]},
  },
  {
    name: 'ground-imports-only-ground',
    severity: 'error',
    comment: 'The ground files (errors, ids, time, money, validate, logger, config, ...) sit under everything.',
    from: {path: `^src/node/${GROUND}`},
    to: {path: '^src/', pathNot: `^src/node/${GROUND}`},
  },
  {
    name: 'engine-imports-only-itself',
    severity: 'error',
    comment: 'The order book is pure: commands in, events out; no I/O, no other module, no package.',
    from: {path: '^src/node/engine/'},
    to: {pathNot: '^src/node/engine/'},
  },
  {
    name: 'http-toolkit-on-the-ground',
    severity: 'error',
    comment:
      'http/ (body, errors, listen, query, Bearer reader, rate limiter) is shared by the transports and stands on the ' +
      'ground: it imports only itself and ground files — no module, no transport, not even a type of services.ts.',
    from: {path: '^src/node/http/'},
    to: {path: '^src/', pathNot: ['^src/node/http/', `^src/node/${GROUND}`]},
  },
  {
    name: 'only-apikeys-signs',
    severity: 'error',
    comment:
      'The HMAC primitives (apikeys/signature.ts) are used by the one signed-request check of apikeys/ only: a ' +
      'new signed surface writes its wire format and asks apikeys/signed-request.ts, never a check of its own.',
    from: {path: '^src/', pathNot: '^src/node/apikeys/'},
    to: {path: '^src/node/apikeys/signature[.]ts$'},
  },
  {
    name: 'who-seals-secrets',
    severity: 'error',
    comment:
      'auth/sealed.ts seals secrets at rest with the data dir\'s encryption key. Its users are the modules that keep ' +
      'a secret in the store (API secrets, administrators\' and users\' two-factor secrets, the wallet seed) and a ' +
      'cluster edge, which unseals the API secrets of its replica; nothing else handles sealed text.',
    from: {path: '^src/', pathNot: '^src/node/(auth|apikeys|admins|identity|chain|cluster/edge)/'},
    to: {path: '^src/node/auth/sealed[.]ts$'},
  },
  {
    name: 'transports-side-by-side',
    severity: 'error',
    comment: 'A transport never imports another transport; what two share moves down into http/ or a module.',
    from: {path: `^src/node/${TRANSPORTS}/`, pathNot: '^src/node/admin-gateway/'},
    to: {path: `^src/node/${TRANSPORTS}/`, pathNot: '^src/node/$1/'},
  },
  {
    name: 'transports-run-no-sql',
    severity: 'error',
    comment: 'A transport asks a service, never a repository or SQL: it does not import store/.',
    from: {path: `^src/node/${TRANSPORTS}/`},
    to: {path: '^src/node/store/'},
  },
  {
    name: 'admin-gateway-uses-only-the-admin-api-client-side',
    severity: 'error',
    comment:
      'The AdminGateway proxies /rpc to the admin gRPC API as a client: it may use the API ' +
      'description (admin/proto.ts, admin/generated/), the status table (admin/status.ts) and the ' +
      'client (admin/client.ts), never the server, its context or its service handlers.',
    from: {path: '^src/node/admin-gateway/'},
    to: {
      path: `^src/node/${TRANSPORTS}/`,
      pathNot: ['^src/node/admin-gateway/', '^src/node/admin/(proto|status|client)[.]ts$', '^src/node/admin/generated/'],
    },
  },
  {
    name: 'modules-import-no-transport',
    severity: 'error',
    comment:
      'Modules sit under the transports: they never import a transport, the http toolkit, the wire views or a ' +
      'listener. A module takes typed input and returns domain objects; the transports render them.',
    from: {
      path: '^src/node/[^/]+/',
      pathNot: [`^src/node/${TRANSPORTS}/`, '^src/node/(http|listeners|views)/'],
    },
    to: {path: [`^src/node/${TRANSPORTS}/`, '^src/node/(http|listeners|views)/']},
  },
  {
    name: 'views-render-only',
    severity: 'error',
    comment:
      'views/ renders domain objects in the /api/v1 wire shapes for the transports that speak them; ' +
      'it imports modules (their types and formatting) and ground files, never a transport, the toolkit or store/.',
    from: {path: '^src/node/views/'},
    to: {path: [`^src/node/${TRANSPORTS}/`, '^src/node/(http|listeners|store)/']},
  },
  {
    name: 'only-node-ts-opens-listeners',
    severity: 'error',
    comment: 'listeners/ composes the transports; only node.ts (the composition root) uses it.',
    from: {path: '^src/', pathNot: ['^src/node/listeners/', '^src/node/node[.]ts$']},
    to: {path: '^src/node/listeners/'},
  },
  {
    name: 'cluster-loads-only-on-demand',
    severity: 'error',
    comment:
      'Cluster mode (docs/cluster.md "Roles and flags") is loaded only when a role asks for it: `exchange node start` ' +
      'alone (role all) loads nothing of cluster/ and no NATS client. Outside cluster/ it is reached by a dynamic ' +
      'import() or for its types; the one static import is the event log table of migrations.ts (cluster/sequencer/schema.ts, ' +
      'SQL only: the store is the same in every role, so a data dir moves between them).',
    from: {path: '^src/', pathNot: '^src/node/cluster/'},
    to: {path: '^src/node/cluster/', pathNot: '^src/node/cluster/sequencer/schema[.]ts$', dependencyTypesNot: ['dynamic-import', 'type-only']},
  },
  {
    name: 'only-cluster-speaks-nats',
    severity: 'error',
    comment: 'The NATS client is used by cluster/ alone, which the single process never loads.',
    from: {path: '^src/', pathNot: '^src/node/cluster/'},
    to: {path: 'node_modules/@nats-io/'},
  },
  {
    name: 'cluster-below-the-transports',
    severity: 'error',
    comment:
      'cluster/ carries services over NATS (commands, events, replicas of reference data); the transports will ' +
      'call it as they call the local services (phase 2), so it imports no transport, toolkit, view or listener.',
    from: {path: '^src/node/cluster/'},
    to: {path: [`^src/node/${TRANSPORTS}/`, '^src/node/(http|listeners|views)/', '^src/node/node[.]ts$']},
  },
  {
    name: 'cluster-edge-and-sequencer-apart',
    severity: 'error',
    comment:
      'cluster/edge/ (what an edge runs) and cluster/sequencer/ (what the sequencer runs) never import each other: ' +
      'they meet only on the wire, whose forms are the files at the root of cluster/ (commands, events, subjects, ' +
      'buckets, codec), which import neither side.',
    from: {path: '^src/node/cluster/(edge|sequencer)/'},
    to: {path: '^src/node/cluster/(edge|sequencer)/', pathNot: '^src/node/cluster/$1/'},
  },
  {
    name: 'cluster-wire-under-both-sides',
    severity: 'error',
    comment: 'The wire forms at the root of cluster/ are what both sides share: they import neither side.',
    from: {path: '^src/node/cluster/[^/]+[.]ts$'},
    to: {path: '^src/node/cluster/(edge|sequencer)/'},
  },
  {
    name: 'node-never-imports-the-cli',
    severity: 'error',
    comment: 'src/cli/ and src/commands/ are the exchange CLI, built on the node; the node never imports them.',
    from: {path: '^src/node/'},
    to: {path: '^src/(cli|commands)/'},
  },
]

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const folderRules = [
  {
    name: 'no-circular-folders',
    severity: 'error',
    comment:
      'If accounts/ imports auth/, nothing in auth/ imports accounts/, not even through a third folder: ' +
      'what both need moves to the lower one. (Sub-folders of one module, like admin/services/, may loop.)',
    scope: 'folder',
    from: {path: '^(src/node/[^/]+|src/cli|src/commands)'},
    to: {pathNot: '^$1(/|$)', circular: true},
  },
]

const GENERATED = '^src/node/admin/generated/'
const folders = process.env.DEPCRUISE_SCOPE === 'folders'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: folders ? folderRules : layerRules,
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: folders ? [GENERATED, '^src/node/[^/]+[.]ts$'] : GENERATED},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.cjs', '.mjs', '.json'],
    },
    reporterOptions: {
      archi: {collapsePattern: '^src/node/[^/]+/|^src/(cli|commands)/'},
      text: {highlightFocused: true},
    },
  },
}
