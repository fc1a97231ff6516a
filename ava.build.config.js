/**
 * `npm test`: the suite as JavaScript transpiled once by scripts/build-tests.mjs (pretest) into
 * .test-build/. The "ava" section of package.json (tsx) stays for running files from source,
 * e.g. `npx ava test/node/ledger/ledger.test.ts`.
 */
export default {
  files: ['.test-build/test/**/*.test.js'],
  timeout: '120s',
  workerThreads: false,
  concurrency: 2,
}
