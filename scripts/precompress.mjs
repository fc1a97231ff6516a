/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built web app, once at build
 * time, so that the node serves them as they are (it never compresses while answering).
 *
 *   node scripts/precompress.mjs dist/web
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest', '.ico', '.map'])

const dir = process.argv[2]
if (!dir || !fs.existsSync(dir)) throw new Error(`usage: node scripts/precompress.mjs <built dir> (${dir} does not exist)`)

function walk(folder) {
  return fs.readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

let files = 0
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue
  const content = fs.readFileSync(file)
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
  const gzip = zlib.gzipSync(content, {level: zlib.constants.Z_BEST_COMPRESSION})
  // A compressed form no smaller than the file is not written: the file is served as it is.
  if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli)
  if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip)
  files++
}
console.log(`precompressed ${files} files of ${dir}`)
