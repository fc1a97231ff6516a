export const assetsSchema = `
CREATE TABLE assets (
  code       TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  decimals   INTEGER NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  active     INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE TABLE asset_networks (
  id               TEXT PRIMARY KEY,
  asset            TEXT NOT NULL REFERENCES assets(code),
  network          TEXT NOT NULL,
  deposit_enabled  INTEGER NOT NULL,
  withdraw_enabled INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  UNIQUE (asset, network)
);
`

/** Chain settings of a network (assets/chain-settings.ts), added with the blockchain module. */
export const assetNetworkChainSchema = `
ALTER TABLE asset_networks ADD COLUMN contract_address TEXT NOT NULL DEFAULT '';
ALTER TABLE asset_networks ADD COLUMN confirmations INTEGER NOT NULL DEFAULT 1;
ALTER TABLE asset_networks ADD COLUMN min_deposit TEXT NOT NULL DEFAULT '0';
ALTER TABLE asset_networks ADD COLUMN withdraw_fee TEXT NOT NULL DEFAULT '0';
ALTER TABLE asset_networks ADD COLUMN min_withdraw TEXT NOT NULL DEFAULT '0';
ALTER TABLE asset_networks ADD COLUMN large_withdrawal TEXT NOT NULL DEFAULT '0';
UPDATE asset_networks SET confirmations = 2 WHERE network = 'btc';
UPDATE asset_networks SET confirmations = 12 WHERE network = 'eth';
UPDATE asset_networks SET confirmations = 19 WHERE network = 'tron';
`

/**
 * Blocks after which an outgoing transaction not mined is replaced at a higher fee
 * (docs/blockchain.md "Withdrawals"; `chain-settings.ts`): btc 6, eth 20; 0 on tron (replaced at expiry).
 */
export const assetNetworkReplaceSchema = `
ALTER TABLE asset_networks ADD COLUMN replace_after_blocks INTEGER NOT NULL DEFAULT 0;
UPDATE asset_networks SET replace_after_blocks = 6 WHERE network = 'btc';
UPDATE asset_networks SET replace_after_blocks = 20 WHERE network = 'eth';
`
