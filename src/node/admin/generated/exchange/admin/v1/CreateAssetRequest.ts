// Original file: exchange/admin/v1/assets.proto


export interface CreateAssetRequest {
  /**
   * 2 to 10 upper-case letters or digits.
   */
  'code'?: (string);
  'name'?: (string);
  /**
   * 0 to 18.
   */
  'decimals'?: (number);
}

export interface CreateAssetRequest__Output {
  /**
   * 2 to 10 upper-case letters or digits.
   */
  'code': (string);
  'name': (string);
  /**
   * 0 to 18.
   */
  'decimals': (number);
}
