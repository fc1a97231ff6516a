/**
 * Where a chain's scan starts and reading it again (docs/blockchain.md "Rescan"), on a real
 * EVM node (anvil): `--eth-start-height` makes the first scan find coins sent to an address before
 * the chain was connected; RescanDeposits (and `exchange blockchain rescan`) finds a token deposit
 * made before the token's contract was set, and credits it once however often it is rescanned.
 */
import test from 'ava'
import {parseEther, parseUnits} from 'ethers'
import {runJson} from '../../helpers/cli.js'
import {ethNetworkId, funding, ledgerOk, sendEth, sendUsdt, startEvmWorld, topUps} from '../../helpers/evm-node.js'
import {rpcError, startTestNode, uniqueEmail} from '../../helpers/node.js'

test('start height and rescan: deposits made before the chain or the token was connected are credited, once', async (t) => {
  const world = await startEvmWorld({confirmations: 2})
  t.teardown(() => world.close())
  // An account and its address on a node that has no eth node yet.
  const offline = await startTestNode({chain: {network: 'regtest', pollMs: 3_600_000}})
  const email = uniqueEmail('early')
  const {id} = await offline.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
    email,
    password: 'correct horse battery',
  })
  const {address} = await offline.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'eth',
  })
  const dataDir = offline.dataDir
  await offline.stop()
  offline.admin.close()

  const before = await world.provider.getBlockNumber()
  await sendEth(world, address, parseEther('2'))
  await world.mine(30)
  // Connected later with the height the operator knows the address from.
  world.node.admin.close()
  await world.node.stop()
  world.node = await startTestNode({
    dataDir,
    chain: {
      network: 'regtest',
      ethRpcUrl: world.anvil.url,
      ethChainId: world.anvil.chainId,
      pollMs: 3_600_000,
      sweep: false,
      startHeights: {eth: before},
    },
  })
  await world.pass()
  t.is((await funding(world, email, 'ETH')).available, '2', 'found by the first scan from --eth-start-height')

  // A USDT deposit before the token's contract was set is not seen; a rescan finds it.
  const usdt = await ethNetworkId(world, 'USDT')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: usdt, confirmations: 2, min_deposit: '0'})
  const sentAt = (await world.provider.getBlockNumber()) + 1
  await sendUsdt(world, address, parseUnits('75', 6))
  await world.mine(3)
  await world.pass()
  t.is((await funding(world, email, 'USDT')).available, '0', 'no contract set: not scanned')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: usdt, contract_address: world.tokenAddress})
  const grpc = `127.0.0.1:${world.node.ports.grpc}`
  const asked = await runJson<{blockchain: string; from_height: string; to_height: string}>(
    ['blockchain', 'rescan', '--blockchain', 'eth', '--from-height', String(sentAt)],
    grpc,
  )
  t.like(asked, {blockchain: 'eth', from_height: String(sentAt)})
  await world.pass()
  await world.pass()
  t.is((await funding(world, email, 'USDT')).available, '75')
  // Rescanned again, and again from the start height: nothing is credited twice.
  await world.node.admin.call('BlockchainService', 'RescanDeposits', {blockchain: 'eth', from_height: String(before)})
  await world.pass()
  await world.pass()
  t.is((await funding(world, email, 'USDT')).available, '75')
  t.is((await funding(world, email, 'ETH')).available, '2')
  t.is((await topUps(world, id)).length, 2)
  const beyond = await rpcError(
    world.node.admin.call('BlockchainService', 'RescanDeposits', {blockchain: 'eth', from_height: String(10 ** 9)}),
  )
  t.is(beyond.errorCode, 'invalid_argument')
  t.true(await ledgerOk(world))
})
