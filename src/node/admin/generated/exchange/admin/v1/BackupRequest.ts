// Original file: exchange/admin/v1/store.proto


export interface BackupRequest {
  /**
   * Absolute path on the node's machine; its directory must exist.
   */
  'path'?: (string);
}

export interface BackupRequest__Output {
  /**
   * Absolute path on the node's machine; its directory must exist.
   */
  'path': (string);
}
