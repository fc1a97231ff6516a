/**
 * The web app's build (docs/web.md): `web/` into `dist/web/` of the package, which the node's public
 * listener serves. Content-hashed names under `assets/`; no source maps and nothing inline (the
 * node's Content-Security-Policy allows scripts and styles from the node itself only).
 */
import {fileURLToPath} from 'node:url'
import preact from '@preact/preset-vite'
import {defineConfig} from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Never inline an asset as a data: URL into the scripts or styles: everything is a file of its own.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    // `npm run web:dev`: the app from source, its API from a node on :8080 (same origin for the cookie).
    proxy: {
      '/api': {target: 'http://127.0.0.1:8080', ws: true},
      '/branding.json': 'http://127.0.0.1:8080',
      '/branding': 'http://127.0.0.1:8080',
    },
  },
})
