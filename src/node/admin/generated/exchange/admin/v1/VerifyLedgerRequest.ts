// Original file: exchange/admin/v1/ledger.proto


export interface VerifyLedgerRequest {
}

export interface VerifyLedgerRequest__Output {
}
