// Original file: exchange/admin/v1/tiers.proto


export interface GetDefaultTierRequest {
}

export interface GetDefaultTierRequest__Output {
}
