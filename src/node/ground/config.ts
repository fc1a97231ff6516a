/** Configuration of a node: listeners, data dir, admin token. Flags and EXCHANGE_* variables fill it. */
export type NodeConfig = {
  /** Holds exchange.db and secrets.json. */
  dataDir: string
  httpHost: string
  /** 0 picks a free port. */
  httpPort: number
  adminHttpHost: string
  adminHttpPort: number
  grpcHost: string
  grpcPort: number
  /** When set, every admin gRPC call needs `authorization: Bearer <token>`. */
  adminToken?: string
  /** How long shutdown waits for in-flight calls before closing them, in ms. */
  shutdownGraceMs: number
  /** Token-bucket rates of the REST rate classes (docs/rest.md "Rate limits"). */
  rateLimits: RateLimits
  /**
   * Reverse proxies (addresses or CIDRs) whose X-Forwarded-For is believed, on both HTTP listeners
   * and the WebSocket upgrades (docs/configuration.md "Behind a reverse proxy", `--trusted-proxies`); none by default.
   */
  trustedProxies: string[]
  /** SMTP server for e-mail; without it e-mail goes to the outbox in the store. */
  smtp?: SmtpConfig
  /** HTTP SMS provider; without it SMS goes to the outbox in the store. */
  sms?: SmsConfig
  /** First superadmin, created on start when no admin exists (EXCHANGE_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD). */
  bootstrapAdmin?: {email: string; password: string}
  /** WebSocket heartbeat: the server pings every this many ms and drops a client that has not answered the previous ping. Default 30000. */
  wsPingIntervalMs?: number
  /** Chain nodes and the network the wallet derives for (docs/blockchain.md "Connecting chains"); none connected by default. */
  chain?: ChainConfig
  /** P2P trading (docs/configuration.md "P2P"): timer defaults, and a clock tests may replace. */
  p2p?: P2PConfig
  /**
   * Browser origins (`https://app.example.com`) allowed by CORS on the public listener and trusted
   * for cookie-authenticated writes (`--cors-origins`, http/cors.ts, http/origin.ts). None by default.
   */
  corsOrigins?: string[]
  /** Local try-out helpers (DevService: `exchange dev seed`); off unless --dev / EXCHANGE_DEV. */
  dev?: boolean
  /** TLS of the admin gRPC server; with `clientCaFile`, clients must present a certificate that CA issued. */
  grpcTls?: GrpcTlsConfig
  /** HTTPS on the public listener (REST and wss streams); the files are re-read by `reloadTls` (SIGHUP). */
  httpTls?: TlsFiles
  /** HTTPS on the AdminGateway; re-read like `httpTls`. */
  adminHttpTls?: TlsFiles
  /** Time limits of both HTTP listeners (slow clients). */
  httpTimeouts?: HttpTimeouts
  /** WebSocket connection caps of the public listener. */
  wsLimits?: WsLimits
  /**
   * `all` (the default): the one process of docs/architecture.md "One process, three listeners", which loads nothing of the cluster.
   * `sequencer` / `edge`: cluster mode on NATS JetStream (docs/cluster.md "Roles and flags"); both need `nats`.
   */
  role?: NodeRole
  /** The NATS servers of cluster mode (`--nats`); set only with role `sequencer` or `edge`. */
  nats?: NatsConfig
  /**
   * An edge's copy of the sequencer's secrets.json (`--secrets-file`, EXCHANGE_SECRETS_FILE): it unseals
   * the API secrets of the key bucket and verifies session tokens. Only with role `edge`.
   */
  secretsFile?: string
  /**
   * Role `sequencer`: also serve the public listener (`--sequencer-public`), for the move from one
   * process to a cluster while clients still reach this process; without it a sequencer serves only
   * the AdminGateway and the admin gRPC (docs/cluster.md "Roles and flags").
   */
  sequencerPublic?: boolean
  /**
   * The web app for traders on the public listener (docs/web.md "Serving"); on unless false
   * (`--no-web`, EXCHANGE_NO_WEB), which leaves `/` and the app's paths to the 404 of any unknown path.
   */
  web?: boolean
  /** The web app's build (`index.html`, `assets/`): by default the package's `dist/web/`; tests point it elsewhere. */
  webRoot?: string
  /**
   * The exchange's name, logo and colours (docs/web.md "Branding", `--branding-file`, EXCHANGE_BRANDING_FILE);
   * unset: `branding.json` in the data dir when there is one (an edge has no data dir), else the defaults.
   */
  brandingFile?: string
}

export const NODE_ROLES = ['all', 'sequencer', 'edge'] as const
export type NodeRole = (typeof NODE_ROLES)[number]

/** How a cluster process reaches NATS (docs/cluster.md). */
export type NatsConfig = {
  /** Server URLs, `nats://host:4222` or `tls://host:4222`; `user:password@` in a URL is sent as the login. */
  servers: string[]
  /** A NATS credentials file (user JWT and nkey seed, `nsc generate creds`). */
  credsFile?: string
  /** TLS to NATS: the CA that issued the servers' certificates, and a client certificate and key for mTLS. */
  tls?: {caFile?: string; certFile?: string; keyFile?: string}
  /** The connection's name as NATS monitoring shows it; default `exchange-<role>-<host>-<pid>`. */
  name?: string
  /** Replicas of the stream and buckets the sequencer creates (1 on one NATS server, 3 on a 3-node cluster). */
  replicas?: number
}

/** PEM files of a TLS listener: the certificate (chain) and its private key. */
export type TlsFiles = {certFile: string; keyFile: string}

export type GrpcTlsConfig = TlsFiles & {
  /**
   * CA bundle that client certificates must chain to; unset: TLS without client certificates. The
   * AdminGateway presents the server's own certificate as its client certificate, so with a client
   * CA the server certificate must be issued by it and allow clientAuth (docs/admin-grpc.md).
   */
  clientCaFile?: string
}

export type HttpTimeouts = {
  /** A client must send the complete request headers within this many ms (408 otherwise). Default 10000. */
  headersMs: number
  /** ... and the complete request, body included, within this many ms. Default 30000. */
  requestMs: number
  /** An idle keep-alive connection is closed after this many ms. Default 5000. */
  keepAliveMs: number
}

export type WsLimits = {
  /** Open WebSocket connections on the public listener; further upgrades are refused with 503. Default 10000. */
  maxConnections: number
  /** Open WebSocket connections per client IP; further upgrades from it are refused with 429. Default 100. */
  maxConnectionsPerIp: number
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000}
export const DEFAULT_WS_LIMITS: WsLimits = {maxConnections: 10_000, maxConnectionsPerIp: 100}

export type P2PConfig = {
  /** CREATED → CANCELLED when the maker has not accepted within this many minutes. Default 15. */
  acceptanceMinutes?: number
  /** PAYMENT_COMPLETED → DISPUTE_START when the seller has not confirmed within this many minutes. Default 30. */
  confirmationMinutes?: number
  /** How often the timer scheduler looks for due deadlines, in ms. Default 1000. */
  timerTickMs?: number
  /** Per-asset taker fee rate on P2P deals, e.g. {"USDT": "0.001"}; none by default. */
  takerFees?: Record<string, string>
  /** Milliseconds since the epoch; tests pass a clock they move. Default Date.now. */
  clock?: () => number
}

export type SmtpConfig = {host: string; port: number; secure: boolean; user?: string; pass?: string; from: string}

export type SmsConfig = {
  /** POST target of the provider. */
  url: string
  /** Sent as the Authorization header when set. */
  authHeader?: string
  /** JSON body with {{to}} and {{body}} placeholders (JSON-escaped), default {"to":"{{to}}","text":"{{body}}"}. */
  bodyTemplate?: string
}

export type RateLimits = {
  /** Requests per second per account (per IP when anonymous). */
  standard: number
  /** Sign-in and sign-up, per IP and e-mail. */
  strict: number
  /** Clients in the internal networks (loopback and `internalCidrs`). */
  internal: number
  /** CIDRs treated as internal besides loopback, e.g. "10.0.0.0/8". */
  internalCidrs: string[]
  /** When set, replaces every tier's orders_per_second (load tests). */
  ordersPerSecond?: number
}

export const DEFAULT_CONFIG: NodeConfig = {
  dataDir: './data',
  httpHost: '0.0.0.0',
  httpPort: 8080,
  adminHttpHost: '127.0.0.1',
  adminHttpPort: 8081,
  grpcHost: '127.0.0.1',
  grpcPort: 50051,
  shutdownGraceMs: 5000,
  rateLimits: {standard: 5, strict: 1, internal: 40, internalCidrs: []},
  trustedProxies: [],
  wsPingIntervalMs: 30000,
}

/** Chain nodes the node connects to (docs/blockchain.md "Connecting chains"); a chain without a URL only issues addresses. */
export type ChainConfig = {
  network: 'mainnet' | 'testnet' | 'regtest'
  btcRpcUrl?: string
  /** Address parameters of the Bitcoin-family node (default: Bitcoin's for `network`). */
  btcParams?: {hrp: string; pubKeyHash: number; scriptHash: number; wif: number}
  ethRpcUrl?: string
  /** EIP-155 chain id; asked from the node (eth_chainId) when not given. */
  ethChainId?: number
  tronApiUrl?: string
  tronApiKey?: string
  /** How often scanners and workers run, ms (default 5,000). */
  pollMs?: number
  /** Hot-wallet floors per asset code, decimal strings: a balance under one raises `hot_wallet_low`. */
  hotWalletFloors?: Record<string, string>
  /** Sweep credited deposits into the hot wallet (default true). */
  sweep?: boolean
  /** Where each chain's first scan starts (default: the tip minus the network's confirmations). */
  startHeights?: {btc?: number; eth?: number; tron?: number}
}
