/**
 * The sequencer's cluster side (docs/cluster.md "Roles and flags"), composed over the node's services by node.ts when the
 * role is `sequencer` (imported on demand: role `all` never loads this folder):
 *
 * 1. `prepareSequencer` — before the writer thread starts: the event log, and trading recording every
 *    batch's events into it in the batch's own transaction;
 * 2. `start` — NATS: the publisher of the log into the event stream, the command server for edges,
 *    and the reference data edges replicate (KV buckets);
 * 3. `stopCommands` with the listeners, `stop` once the writer has committed its last batch: what was
 *    committed is published before the connection closes.
 */
import {secretsKeyId, type Secrets} from '../../auth/secrets.js'
import type {NodeConfig} from '../../ground/config.js'
import type {Logger} from '../../ground/logger.js'
import type {Services} from '../../services.js'
import type {CommittedEvents} from '../../trading/trading.js'
import {CommandServer} from './command-server.js'
import {ANSWER_FORMS, EDGE_COMMANDS, PLAIN_ANSWERS} from '../commands.js'
import {openConnection, type ClusterConnection} from '../connection.js'
import {EventLog} from './event-log.js'
import {EventPublisher} from './event-publisher.js'
import {recordModuleEvents} from './module-events.js'
import {ReferenceData, referenceLookups} from './reference-data.js'
import {retryStartup} from '../retry.js'

export type RunningSequencer = {
  log: EventLog
  publisher: EventPublisher
  commands: CommandServer
  reference: ReferenceData
  connection: ClusterConnection
  /** Takes no new command; resolves once every command received is answered. */
  stopCommands(): Promise<void>
  /** Publishes what is committed (waiting a few seconds at most), then closes the connection. */
  stop(): Promise<void>
}

export type PreparedSequencer = {
  log: EventLog
  start(config: NodeConfig, logger: Logger): Promise<RunningSequencer>
}

export function prepareSequencer(services: Services, secrets: Secrets): PreparedSequencer {
  const log = new EventLog(services.db, services.writer)
  services.trading.useJournal(log)
  recordModuleEvents(services, log)
  return {log, start: (config, logger) => startSequencer(services, secretsKeyId(secrets), log, config, logger)}
}

async function startSequencer(
  services: Services,
  keyId: string,
  log: EventLog,
  config: NodeConfig,
  logger: Logger,
): Promise<RunningSequencer> {
  if (!config.nats) throw new Error('the sequencer needs NATS')
  const connection = await openConnection(config.nats, 'sequencer', logger)
  const stopping: (() => Promise<void>)[] = [() => connection.close()]
  try {
    const publisher = new EventPublisher(connection.nc, log, {logger, replicas: config.nats.replicas})
    // A batch on disk: its rows are handed to the publisher from memory (EventLog.committed) — from
    // before the publisher's first read of the table, so that no batch falls between the two.
    const committed = (events: CommittedEvents) => {
      log.committed(events)
      publisher.poke()
    }
    services.trading.events.on('committed', committed)
    const unsubscribe = log.onAppend(() => publisher.poke())
    const detach = () => {
      services.trading.events.off('committed', committed)
      unsubscribe()
    }
    stopping.unshift(async () => detach())
    const stopped = () => connection.nc.isClosed()
    await retryStartup(() => publisher.start(), {logger, what: 'the event stream set-up', stopped})
    stopping.unshift(() => publisher.stop())
    stopping.unshift(async () => {
      detach()
      // Without NATS there is nothing to wait for: the next start publishes what the stream lacks.
      await publisher.flushed(connection.connected ? 5000 : 0)
    })
    const reference = new ReferenceData(connection, services, {
      logger,
      replicas: config.nats.replicas,
      meta: {secretsKeyId: keyId, eventLogId: log.logId},
    })
    await retryStartup(
      async () => {
        try {
          await reference.start()
        } catch (error) {
          await reference.stop()
          throw error
        }
      },
      {logger, what: 'the reference data buckets', stopped},
    )
    stopping.unshift(() => reference.stop())
    const commands = new CommandServer(connection.nc, {
      services: {...services, reference: referenceLookups(services), listenKeys: reference.listenKeyCommands()},
      allow: EDGE_COMMANDS,
      plainAnswers: PLAIN_ANSWERS,
      answerForms: ANSWER_FORMS,
      replayGuard: services.apiKeys,
      logger,
      report: (source, error, context) => services.systemErrors.report(source, error, context),
    })
    await commands.start()
    logger.info({commands: commands.size, event_log: log.logId, published_through: publisher.publishedThrough}, 'sequencer ready')
    return {
      log,
      publisher,
      commands,
      reference,
      connection,
      stopCommands: () => commands.stop(),
      stop: async () => {
        await commands.stop()
        for (const stop of stopping) await stop()
      },
    }
  } catch (error) {
    for (const stop of stopping) await stop().catch(() => undefined)
    throw error
  }
}
