import type {NodeConfig} from '../config.js'
import type {Logger} from '../logger.js'
import type {Services} from '../services.js'

/** What every HTTP and WebSocket route builder receives. */
export type HttpDeps = {services: Services; logger: Logger; config: NodeConfig}
