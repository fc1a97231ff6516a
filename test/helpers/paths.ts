/**
 * The repository's root, whether the tests run from source (tsx) or as the JavaScript that
 * `npm test` builds into .test-build/ (scripts/build-tests.mjs): files outside src/ and test/
 * (bin/, docs/, examples/, oclif.manifest.json) are read and run from here.
 */
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const above = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const ROOT = path.basename(above) === '.test-build' ? path.dirname(above) : above
