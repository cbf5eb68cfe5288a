// Memory of this process after a full GC (needs `--expose-gc`), in MB: RSS, heap, and what V8 has
// reserved and used per heap space (where RSS beyond the live heap sits).
import v8 from 'node:v8'

export const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10

export function memorySnapshot() {
  globalThis.gc()
  globalThis.gc()
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .filter((space) => space.space_size > 0)
      .map((space) => [space.space_name, { sizeMb: mb(space.space_size), usedMb: mb(space.space_used_size) }]),
  )
  return { rssMb: mb(rss), heapUsedMb: mb(heapUsed), heapTotalMb: mb(heapTotal), externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers), spaces }
}
