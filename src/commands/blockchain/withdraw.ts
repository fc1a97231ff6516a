import {Flags} from '@oclif/core'
import {yesFlag} from '../../cli/admin-command.js'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class BlockchainWithdraw extends AccountCommand {
  static override summary =
    "Withdraw from an account's funding balance to an on-chain address (BlockchainService.WithdrawToBlockchain)."
  static override examples = [
    '<%= config.bin %> blockchain withdraw --account-id 5f0c... --blockchain btc --asset BTC --amount 0.01 --to-address bc1q... --yes',
    '<%= config.bin %> blockchain withdraw --account-id 5f0c... --blockchain tron --asset USDT --amount 50 --to-address T... --memo 1042 --yes',
  ]

  static override flags = {
    ...accountFlags,
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Chain.'})(),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, at most the available funding balance.'}),
    'to-address': Flags.string({summary: 'Destination address on the chain.'}),
    memo: Flags.string({summary: 'Memo or tag, for destinations that need one.'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(BlockchainWithdraw)
    const account = await this.accountRef(accountOf(flags))
    const request = {
      account_id: account.id,
      blockchain: await this.require(flags.blockchain, 'blockchain', 'Blockchain (btc, eth or tron)'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      to_address: await this.require(flags['to-address'], 'to-address', 'Destination address'),
      memo: flags.memo ?? '',
    }
    await this.confirm(
      flags.yes,
      `withdraw ${request.amount} ${request.asset} from ${account.email} (account ${account.id}) to ${request.blockchain} address ${request.to_address}`,
    )
    const response = await this.show('BlockchainService', 'WithdrawToBlockchain', request)
    // The amount is held (locked) on the funding balance until the withdrawal is sent or fails.
    await this.printBalance(account, request.asset)
    return response
  }
}
