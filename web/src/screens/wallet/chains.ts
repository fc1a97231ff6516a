/** Names a person knows a chain by; the API's id (`btc`, `eth`, `tron`) when it is none of these. */
const CHAIN_NAMES: Record<string, string> = {btc: 'Bitcoin', eth: 'Ethereum', tron: 'TRON'}

export const chainName = (network: string): string => CHAIN_NAMES[network] ?? network

/** A long hash or address shortened in the middle (`0x3d4e…f19e`), where both ends are what people compare. */
export function shortened(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep + 2)}`
}
