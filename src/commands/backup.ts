import path from 'node:path'
import {Flags} from '@oclif/core'
import {AdminCommand} from '../cli/admin-command.js'
import type {BackupResponse__Output} from '../node/admin/generated/exchange/admin/v1/BackupResponse.js'
import {backupStoppedDataDir} from '../node/backups/backup.js'

export default class Backup extends AdminCommand {
  static override summary =
    "Back up the node's store and its secrets: FILE and FILE.secrets.json, both 0600 (StoreService.Backup)."
  static override description =
    'Through the admin API the running node writes the files itself, on its machine, while orders keep flowing: ' +
    'the copy holds every transaction committed before the backup began. A relative FILE is resolved against ' +
    'this directory. With --data-dir the store of a stopped node is copied from its files (refused while a node ' +
    'runs on the dir). Neither file is ever overwritten. Restore with `exchange restore --from FILE`.'

  static override examples = [
    '<%= config.bin %> backup --to /var/backups/exchange-$(date +%F).db',
    '<%= config.bin %> backup --to /var/backups/exchange.db --data-dir /var/lib/exchange',
  ]

  static override flags = {
    to: Flags.string({required: true, summary: 'The backup file; its secrets go to FILE.secrets.json.', helpValue: 'FILE'}),
    'data-dir': Flags.string({
      summary: "Copy a stopped node's data dir from its files instead of asking the running node.",
      helpValue: 'DIR',
    }),
  }

  async run(): Promise<BackupResponse__Output> {
    const {flags} = await this.parse(Backup)
    const file = path.resolve(flags.to)
    const response = flags['data-dir']
      ? await backupStoppedDataDir(path.resolve(flags['data-dir']), file).then((backup) => ({
          path: backup.path,
          secrets_path: backup.secretsPath,
          bytes: String(backup.bytes),
          key_id: backup.keyId,
        }))
      : await this.call('StoreService', 'Backup', {path: file})
    this.details(response)
    return response
  }
}
