import {Command, Errors, Flags} from '@oclif/core'
import {describeError} from '../cli/errors.js'
import {flagNamesOf} from '../cli/suggest.js'
import {restoreDataDir} from '../node/backups/restore.js'
import {DEFAULT_CONFIG} from '../node/ground/config.js'

export type RestoreOutput = {data_dir: string; key_id: string; bytes: string}

export default class Restore extends Command {
  static override summary = 'Write a data dir from a backup (FILE and FILE.secrets.json, from `exchange backup`).'
  static override description =
    'Checks the backup first — PRAGMA integrity_check, and that its secrets are the ones its store records — ' +
    'then writes exchange.db and secrets.json (0600) into the data dir. Refused while a node runs on the dir, ' +
    'and when the dir already holds a store or secrets unless --force. Then start the node on the dir.'

  static override examples = [
    '<%= config.bin %> restore --from /var/backups/exchange.db --data-dir /var/lib/exchange',
    '<%= config.bin %> restore --from /var/backups/exchange.db --data-dir /var/lib/exchange --force',
  ]

  static override enableJsonFlag = true

  static override flags = {
    from: Flags.string({
      required: true,
      summary: 'The backup file; its secrets are read from FILE.secrets.json.',
      helpValue: 'FILE',
    }),
    'data-dir': Flags.string({
      env: 'EXCHANGE_DATA_DIR',
      default: DEFAULT_CONFIG.dataDir,
      summary: 'The data dir to write (created 0700 when missing).',
      helpValue: 'DIR',
    }),
    force: Flags.boolean({default: false, summary: "Replace the dir's store and secrets if it has them."}),
  }

  async run(): Promise<RestoreOutput> {
    const {flags} = await this.parse(Restore)
    const restored = await restoreDataDir(flags.from, flags['data-dir'], {force: flags.force})
    const output = {data_dir: restored.dataDir, key_id: restored.keyId, bytes: String(restored.bytes)}
    if (!this.jsonEnabled())
      this.log(`restored ${flags.from} into ${output.data_dir} (key id ${output.key_id}, ${output.bytes} bytes)`)
    return output
  }

  /** One line on stderr and the exit code of the error's code, as the admin commands do. */
  protected override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    if (error instanceof Errors.ExitError) throw error
    const described = describeError(error, flagNamesOf(Restore))
    process.stderr.write(`${described.line}\n`)
    process.exitCode = described.exitCode
    return Errors.exit(described.exitCode)
  }
}
