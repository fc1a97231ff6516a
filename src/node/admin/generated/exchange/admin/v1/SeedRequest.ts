// Original file: exchange/admin/v1/dev.proto


export interface SeedRequest {
  /**
   * How many users: 0 means 2; at most 20.
   */
  'users'?: (number);
}

export interface SeedRequest__Output {
  /**
   * How many users: 0 means 2; at most 20.
   */
  'users': (number);
}
