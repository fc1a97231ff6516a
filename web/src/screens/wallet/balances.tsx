/**
 * The table `Balances`: one row per asset, what is available and what is locked on the funding balance
 * account (deposits, withdrawals, P2P) and on the trading one (orders). Every active asset is listed,
 * zeros too, so the table keeps its shape; a zero is shown muted.
 */
import type {Balance} from '../../api/wallet'
import {isPositive, readable} from '../../lib/decimal'

type Row = {asset: string; funding: Balance | undefined; trading: Balance | undefined}

export function rowsOf(balances: Balance[]): Row[] {
  const rows = new Map<string, Row>()
  for (const balance of balances) {
    const row = rows.get(balance.asset) ?? {asset: balance.asset, funding: undefined, trading: undefined}
    row[balance.account_type] = balance
    rows.set(balance.asset, row)
  }
  return [...rows.values()].sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0))
}

export function Balances({balances}: {balances: Balance[]}) {
  return (
    <div class="table-scroll">
      <table aria-label="Balances" class="balances">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Asset
            </th>
            <th scope="colgroup" colSpan={2} class="group start">
              Funding
            </th>
            <th scope="colgroup" colSpan={2} class="group start">
              Trading
            </th>
          </tr>
          <tr>
            <th scope="col" class="num start">
              Available
            </th>
            <th scope="col" class="num">
              Locked
            </th>
            <th scope="col" class="num start">
              Available
            </th>
            <th scope="col" class="num">
              Locked
            </th>
          </tr>
        </thead>
        <tbody>
          {rowsOf(balances).map((row) => (
            <tr key={row.asset}>
              <th scope="row">{row.asset}</th>
              <Amount value={row.funding?.available} start />
              <Amount value={row.funding?.locked} />
              <Amount value={row.trading?.available} start />
              <Amount value={row.trading?.locked} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** `start`: the first column of a balance account, set apart from the one before. */
function Amount({value = '0', start = false}: {value: string | undefined; start?: boolean}) {
  return <td class={`num${start ? ' start' : ''}${isPositive(value) ? '' : ' zero'}`}>{readable(value)}</td>
}
