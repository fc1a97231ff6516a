/**
 * The edge → sequencer path can be followed in an editor: for every method an edge forwards
 * (public-services.ts `FORWARDED`), "go to definition" on a transport's call (`PublicServices`) and on
 * the edge's remote call (`EdgeRemote`, cluster/edge/remote.ts) lands on the module's method — the
 * one the sequencer's command server calls. Asked of TypeScript's own language service, over a file
 * that makes each call; a type that loses the declaration (a mapped type over another key set, a
 * cast to `any`) fails here.
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import ts from 'typescript'
import {FORWARDED} from '../../../src/node/public-services.js'
import {ROOT} from '../../helpers/paths.js'

const PROBE = path.join(ROOT, 'src/node/__command-path-probe.ts')

/** The language service over src/, with the probe file beside it. */
function languageService(probe: string): ts.LanguageService {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const files = [...config.fileNames.filter((file) => file.includes(`${path.sep}src${path.sep}`)), PROBE]
  return ts.createLanguageService({
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      file === PROBE
        ? ts.ScriptSnapshot.fromString(probe)
        : fs.existsSync(file)
          ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, 'utf8'))
          : undefined,
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === PROBE || ts.sys.fileExists(file),
    readFile: (file) => (file === PROBE ? probe : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  })
}

test('go to definition: every forwarded call, on a transport and on the edge, lands on the module method the sequencer calls', (t) => {
  const calls = Object.entries(FORWARDED).flatMap(([service, methods]) =>
    methods.map((method) => ({service, method, access: service.split('.').join('.')})),
  )
  const lines = [
    "import type {PublicServices} from './public-services.js'",
    "import type {EdgeRemote} from './cluster/edge/remote.js'",
    'declare const transport: PublicServices',
    'declare const edge: EdgeRemote',
  ]
  const probes: {label: string; at: number; method: string}[] = []
  let text = `${lines.join('\n')}\n`
  for (const {service, method, access} of calls) {
    for (const [label, line] of [
      ['transport', `transport.${access}.${method}\n`],
      ['edge', `edge['${service}'].${method}\n`],
    ] as const) {
      probes.push({label: `${label} ${service}.${method}`, at: text.length + line.lastIndexOf(method), method})
      text += line
    }
  }
  const service = languageService(text)
  const misses: string[] = []
  for (const probe of probes) {
    const definitions = service.getDefinitionAtPosition(PROBE, probe.at) ?? []
    const inModule = definitions.filter(
      (definition) =>
        definition.name === probe.method &&
        definition.fileName.includes(`${path.sep}src${path.sep}node${path.sep}`) &&
        !/public-services|cluster/.test(definition.fileName),
    )
    if (inModule.length === 0) {
      misses.push(
        `${probe.label} → ${definitions.map((each) => `${path.relative(ROOT, each.fileName)}:${each.name}`).join(', ') || 'nothing'}`,
      )
    }
  }
  t.true(probes.length > 100, `${probes.length} calls probed`)
  t.deepEqual(misses, [])
})
