/**
 * One way to name an account on every command: `--email` or `--account-id`, exactly one (oclif
 * refuses both, exit 2). The RPCs of AccountsService take the e-mail and the others the id, so the
 * command asks the node for the other one when it needs it: GetAccountDetails (e-mail → id) or
 * ListAccounts (id → e-mail). Money commands also use the e-mail to name the account in their
 * confirmation, and print the balance they changed (`printBalance`). Transfers name two accounts:
 * `--from-email`/`--from-account-id`, `--to-…`.
 */
import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from './admin-command.js'
import {EXIT_CODES} from './errors.js'

/** `--email` / `--account-id` with a prefix (`from-`, `to-`), each excluding the other. */
export function accountFlagsOf<P extends string>(prefix: P, whose = 'the account') {
  const email = `${prefix}email` as `${P}email`
  const id = `${prefix}account-id` as `${P}account-id`
  return {
    [email]: Flags.string({summary: `E-mail of ${whose} (or --${id}).`, exclusive: [id]}),
    [id]: Flags.string({summary: `Account id of ${whose} (or --${email}).`, exclusive: [email]}),
  } as {[K in `${P}email` | `${P}account-id`]: ReturnType<typeof Flags.string>}
}

/** `--email` or `--account-id`. */
export const accountFlags = accountFlagsOf('')

/** An account named both ways. */
export type AccountRef = {id: string; email: string}

/** The values of one pair of account flags. */
export type AccountFlagValues = {email?: string; id?: string}

/** A balance a money command changed: an account's funding balance, or one balance account (funding or trading). */
export type BalanceRef = AccountRef | {balanceAccountId: string}

export abstract class AccountCommand extends AdminCommand {
  /** The e-mail of the account named by the flags (asked for on a terminal when neither is given). */
  protected async accountEmail(given: AccountFlagValues, prefix = ''): Promise<string> {
    if (given.email) return given.email
    if (given.id) return (await this.accountById(given.id)).email
    return this.require(undefined, `${prefix}email`, `E-mail (or --${prefix}account-id)`)
  }

  /** The id of the account named by the flags (asked for on a terminal when neither is given). */
  protected async accountId(given: AccountFlagValues, prefix = ''): Promise<string> {
    if (given.id) return given.id
    if (given.email) return (await this.call('AccountsService', 'GetAccountDetails', {email: given.email})).id
    return this.require(undefined, `${prefix}account-id`, `Account id (or --${prefix}email)`)
  }

  /** Both names of the account (one admin call when only one was given). */
  protected async accountRef(given: AccountFlagValues, prefix = ''): Promise<AccountRef> {
    if (given.id) return this.accountById(given.id)
    const email = await this.accountEmail(given, prefix)
    const {id} = await this.call('AccountsService', 'GetAccountDetails', {email})
    return {id, email}
  }

  /**
   * After a money command, in human mode: the resulting balance in `asset`, as
   * "funding USDT of alice@example.com: available 70, locked 0" (a balance account's owner is found
   * with ListAccounts, its row among the owner's GetBalances).
   */
  protected async printBalance(target: BalanceRef, asset: string): Promise<void> {
    if (this.jsonEnabled()) return
    const balanceAccountId = 'balanceAccountId' in target ? target.balanceAccountId : undefined
    const account =
      'balanceAccountId' in target
        ? await this.findAccount({balance_account_id: target.balanceAccountId}, `balance account ${target.balanceAccountId}`)
        : target
    const {balances} = await this.call('AccountsService', 'GetBalances', {email: account.email})
    const row = balances.find(
      (balance) =>
        balance.asset === asset.toUpperCase() &&
        (balanceAccountId === undefined ? balance.account_type === 'funding' : balance.balance_account_id === balanceAccountId),
    )
    if (row) this.log(`${row.account_type} ${row.asset} of ${account.email}: available ${row.available}, locked ${row.locked}`)
  }

  private accountById(id: string): Promise<AccountRef> {
    return this.findAccount({account_id: id}, `account ${id}`)
  }

  /** The one account ListAccounts finds by `filter`, or NOT_FOUND naming `what`. */
  private async findAccount(filter: {account_id?: string; balance_account_id?: string}, what: string): Promise<AccountRef> {
    const {accounts} = await this.call('AccountsService', 'ListAccounts', {...filter, page: {limit: 1}})
    const [account] = accounts
    if (!account) throw new Errors.CLIError(`NOT_FOUND (not_found): ${what} not found`, {exit: EXIT_CODES.not_found})
    return {id: account.id, email: account.email}
  }
}

/** The `--email` / `--account-id` values of parsed flags, by prefix. */
export function accountOf(flags: Record<string, unknown>, prefix = ''): AccountFlagValues {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  return {email: text(flags[`${prefix}email`]), id: text(flags[`${prefix}account-id`])}
}
