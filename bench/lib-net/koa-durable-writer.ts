/**
 * Writer thread of bench/rest's durable floor (koa-durable.ts): owns the floor's store, commits
 * every batch waiting in its queue in one transaction (synchronous=FULL, as the node's writer
 * thread does) and reports each batch's id once the commit is on disk.
 */
import {parentPort, receiveMessageOnPort, workerData} from 'node:worker_threads'
import {SqliteFloor, type FloorCommand} from '../lib/floor.js'
import type {FloorBatch, FloorWriterData} from './koa-durable.js'

const {dataDir, accounts} = workerData as FloorWriterData
const floor = new SqliteFloor(dataDir, 'BTC-USDT', accounts, {USDT: 10n ** 24n, BTC: 10n ** 24n})
parentPort!.postMessage('ready')

parentPort!.on('message', (first: FloorBatch) => {
  const batches = [first]
  for (let next = receiveMessageOnPort(parentPort!); next; next = receiveMessageOnPort(parentPort!)) {
    batches.push(next.message as FloorBatch)
  }
  const commands: FloorCommand[] = batches.flatMap((batch) => batch.commands)
  floor.run(commands, commands.length)
  for (const {id} of batches) parentPort!.postMessage(id)
})
