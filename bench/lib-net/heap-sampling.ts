/**
 * Where a benchmark node allocates (BENCH_HEAP_SAMPLING=<dir>, bench/cluster.ts `--allocations`): V8's
 * sampling heap profiler over the inspector, counting objects the garbage collector has already taken
 * too (`includeObjectsCollectedBy*GC`), so the profile is of everything allocated, not what is still
 * alive; written to `<dir>/<pid>.heapprofile` when the node stops. `summarizeAllocations` prints the
 * allocation sites by bytes. With BENCH_HEAP_PROMOTED=1 the objects the young generation's collections
 * took are left out: the profile is of what survived them (promoted to the old generation, or alive at
 * the end), by the site that allocated it.
 */
import fs from 'node:fs'
import {Session} from 'node:inspector/promises'
import path from 'node:path'

type CallFrame = {functionName: string; url: string; lineNumber: number}
type ProfileNode = {callFrame: CallFrame; selfSize: number; children: ProfileNode[]}

/** Starts sampling; the returned function stops it and writes the profile. */
export async function startHeapSampling(dir: string): Promise<() => Promise<void>> {
  const session = new Session()
  session.connect()
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env['BENCH_HEAP_PROMOTED'] !== '1',
  } as never)
  return async () => {
    const {profile} = (await session.post('HeapProfiler.stopSampling')) as {profile: {head: ProfileNode}}
    fs.writeFileSync(path.join(dir, `${process.pid}.heapprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

/** The `top` allocation sites of a written profile by bytes (self), and by file. */
export function summarizeAllocations(file: string, top = 40): string {
  const {head} = JSON.parse(fs.readFileSync(file, 'utf8')) as {head: ProfileNode}
  const bySite = new Map<string, number>()
  const byFile = new Map<string, number>()
  let total = 0
  const walk = (node: ProfileNode) => {
    const {functionName, url, lineNumber} = node.callFrame
    const short = url.replace(/^.*\/(node_modules|dist|src)\//, '$1/') || '(native)'
    if (node.selfSize > 0) {
      const site = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
      byFile.set(short, (byFile.get(short) ?? 0) + node.selfSize)
      total += node.selfSize
    }
    for (const child of node.children) walk(child)
  }
  walk(head)
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, bytes]) =>
          `  ${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${(bytes / 1e6).toFixed(1).padStart(8)} MB  ${name}`,
      )
  return [`sampled ${(total / 1e6).toFixed(0)} MB allocated`, 'by site:', ...lines(bySite), 'by file:', ...lines(byFile)].join(
    '\n',
  )
}
