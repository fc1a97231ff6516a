/**
 * The wallet's calls (docs/rest.md "GET /balances/", "POST /balances/transfer/"; docs/blockchain.md
 * "User endpoints"; docs/market-data.md "GET /exchange/assets/"): balances, moving funds between the
 * funding and trading balance accounts, deposit addresses and deposits, withdrawals. Amounts go out
 * exactly as typed.
 */
import {api, call} from './client'
import type {components} from './schema'

type Schemas = components['schemas']
export type Asset = Schemas['Asset']
export type AssetNetwork = Schemas['AssetNetwork']
export type Balance = Schemas['Balance']
export type Deposit = Schemas['Deposit']
export type Withdrawal = Schemas['Withdrawal']
export type Chain = Schemas['DepositAddress']['network']

/** Active assets with their networks, fees and minimums (public). */
export async function assets(): Promise<Asset[]> {
  return (await call(api.GET('/exchange/assets/'))).assets
}

/** The account's funding and trading balances, every active asset. */
export async function balances(): Promise<Balance[]> {
  return (await call(api.GET('/balances/'))).balances
}

export async function transfer(from: string, to: string, asset: string, amount: string): Promise<void> {
  await call(api.POST('/balances/transfer/', {body: {from_balance_account_id: from, to_balance_account_id: to, asset, amount}}))
}

/** The account's address for the asset on a chain: issued on first use, the same on every later call. */
export async function depositAddress(asset: string, network: Chain): Promise<string> {
  return (await call(api.GET('/deposits/address/', {params: {query: {asset, network}}}))).address
}

export async function deposits(limit = 20): Promise<Deposit[]> {
  return (await call(api.GET('/deposits/', {params: {query: {limit}}}))).deposits
}

export async function withdrawals(limit = 20): Promise<Withdrawal[]> {
  return (await call(api.GET('/withdrawals/', {params: {query: {limit}}}))).withdrawals
}

export type WithdrawalRequest = {
  asset: string
  network: Chain
  amount: string
  address: string
  memo: string
  /** Sent again with the same id, the node answers the first withdrawal instead of making another. */
  clientWithdrawalId: string
  /** With two-factor on: a fresh code. */
  code?: string
}

export function withdraw(request: WithdrawalRequest): Promise<Withdrawal> {
  return call(
    api.POST('/withdrawals/', {
      body: {
        asset: request.asset,
        network: request.network,
        amount: request.amount,
        to_address: request.address,
        client_withdrawal_id: request.clientWithdrawalId,
        ...(request.memo === '' ? {} : {memo: request.memo}),
        ...(request.code === undefined ? {} : {'2fa_code': request.code}),
      },
    }),
  )
}

/** A withdrawal that may still change: the list is read again until none is. */
export const isOpen = (withdrawal: Withdrawal): boolean => withdrawal.status !== 'confirmed' && withdrawal.status !== 'failed'
