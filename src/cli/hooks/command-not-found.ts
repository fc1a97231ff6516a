/**
 * oclif `command_not_found` hook: names the closest command, written with spaces as it is typed
 * ("did you mean exchange accounts list?"), and exits 2 like any usage error. Never runs it.
 */
import {type Hook, toConfiguredId} from '@oclif/core'
import {closest} from '../suggest.js'

const hook: Hook.CommandNotFound = async function (options) {
  const ids = options.config.commands.filter((command) => !command.hidden).map((command) => command.id)
  const typed = toConfiguredId(options.id, options.config)
  const suggestion = closest(options.id, ids) ?? closest(options.id.split(':').pop() ?? '', ids)
  const hint = suggestion ? ` Did you mean "${options.config.bin} ${toConfiguredId(suggestion, options.config)}"?` : ''
  // One unwrapped line, like every other CLI error.
  process.stderr.write(`Error: "${typed}" is not an ${options.config.bin} command.${hint} See "${options.config.bin} --help".\n`)
  return this.exit(2)
}

export default hook
