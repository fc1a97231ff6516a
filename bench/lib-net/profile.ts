/**
 * Hot spots of a V8 .cpuprofile (node --cpu-prof): self time per function and per source file /
 * package, as shares of the sampled time. Also runnable: `node --import tsx bench/lib-net/profile.ts
 * FILE.cpuprofile [top]`.
 */
import fs from 'node:fs'
import {fileURLToPath} from 'node:url'

type ProfileNode = {
  id: number
  callFrame: {functionName: string; url: string; lineNumber: number}
  hitCount?: number
  children?: number[]
}

type Profile = {nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number}

/**
 * `window`: only the samples taken between `from` and `to` (µs of CLOCK_MONOTONIC, which V8's
 * profiler and `process.hrtime` both read), so a phase of a benchmark can be looked at alone.
 */
export function summarizeProfile(file: string, top = 25, window?: {from: number; to: number}): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const self = new Map<number, number>()
  let t = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    t += delta
    if (window && (t < window.from || t > window.to)) return
    self.set(id, (self.get(id) ?? 0) + delta)
  })
  const total = window ? window.to - window.from : profile.endTime - profile.startTime
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0
    if (!us) continue
    const {functionName, url, lineNumber} = node.callFrame
    const where = shortUrl(url)
    const fn = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim()
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
    const group = groupOf(url, functionName)
    byFile.set(group, (byFile.get(group) ?? 0) + us)
  }
  // Inclusive (total) time: self time of the node and of everything it called; a function that
  // recurses or appears on several paths is counted once per sample.
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const inclusive = new Map<string, number>()
  for (const [id, us] of self) {
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!
      const {functionName, url, lineNumber} = node.callFrame
      if (!url && (functionName === '(root)' || functionName === '(idle)' || functionName === '(program)')) continue
      const where = shortUrl(url)
      const fn = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim()
      if (seen.has(fn)) continue
      seen.add(fn)
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us)
    }
  }
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`)
  return [
    `sampled ${(total / 1e6).toFixed(1)} s`,
    'self time by function:',
    ...rows(byFunction),
    'self time by file / package:',
    ...rows(byFile),
    'total (inclusive) time by function:',
    ...rows(inclusive),
  ].join('\n')
}

function shortUrl(url: string): string {
  if (!url) return ''
  const clean = url.replace(/^file:\/\//, '')
  const nm = clean.lastIndexOf('node_modules/')
  if (nm >= 0) return clean.slice(nm + 'node_modules/'.length)
  const src = clean.indexOf('/src/')
  if (src >= 0) return clean.slice(src + 1)
  const bench = clean.indexOf('/bench/')
  if (bench >= 0) return clean.slice(bench + 1)
  return clean
}

function groupOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native / V8 builtins)'
  const short = shortUrl(url)
  if (url.includes('node_modules/')) {
    const parts = short.split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  if (short.startsWith('node:')) return short
  return short
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 30)))
}
