/**
 * Transpiles src/, test/ (and bench/ and examples/, which tests use) once into .test-build/ (same
 * layout, ES modules, source maps) so that `npm test` runs plain JavaScript: under tsx every ava worker process paid about a second of CPU
 * for the loader's hooks and transforms, 165 times. esbuild is the compiler tsx runs on, file by
 * file, so the code that runs is the code `npx ava test/x.test.ts` runs through tsx. Types are
 * checked by `npm run build` and `npm run typecheck`, not here.
 *
 * Files that are not TypeScript (fixtures) are copied; the other top-level entries (`proto/` and
 * `package.json`, which src/ reads relative to itself, `docs/`, `bin/`) are linked. Tests find the
 * repository through test/helpers/paths.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, '.test-build')

function walk(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

fs.rmSync(out, {recursive: true, force: true})
// bench/: test/helpers/proof/kill.ts starts its node with bench/lib-net/child.ts; examples/: a test drives an example bot.
const files = ['src', 'test', 'bench', 'examples'].flatMap((dir) => walk(path.join(root, dir)))
const sources = files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
await build({
  entryPoints: sources,
  outdir: out,
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
})
for (const file of files) {
  // A package.json under src/ (admin/generated: CommonJS, types only) would change how the ES module output loads.
  if (file.endsWith('.ts') || path.basename(file) === 'package.json') continue
  const target = path.join(out, path.relative(root, file))
  fs.mkdirSync(path.dirname(target), {recursive: true})
  fs.copyFileSync(file, target)
}
// bench/lib-net/child.ts runs its sibling `node-main.ts` through tsx, from the sources: linked beside the output.
for (const file of sources.filter((source) => source.startsWith(path.join(root, 'bench', path.sep)))) {
  fs.symlinkSync(file, path.join(out, path.relative(root, file)))
}
// Everything else at the top (proto/ and package.json, which src/ reads relative to itself, docs/, bin/...) is linked,
// so a file read relative to a source (`new URL('../../../docs/x', import.meta.url)`) is found from the build too.
for (const name of fs.readdirSync(root)) {
  if (name.startsWith('.') || ['src', 'test', 'bench', 'examples', 'node_modules'].includes(name)) continue
  fs.symlinkSync(path.join(root, name), path.join(out, name))
}
