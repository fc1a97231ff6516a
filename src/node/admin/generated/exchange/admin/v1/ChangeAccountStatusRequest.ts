// Original file: exchange/admin/v1/accounts.proto


export interface ChangeAccountStatusRequest {
  'email'?: (string);
  /**
   * active, restricted or blocked.
   */
  'status'?: (string);
  'status_comment'?: (string);
}

export interface ChangeAccountStatusRequest__Output {
  'email': (string);
  /**
   * active, restricted or blocked.
   */
  'status': (string);
  'status_comment': (string);
}
