// The four operations on a real TypeScript codebase no one here wrote: @tanstack/query-core 5.59.0's
// sources (21 files), through the real typescript-language-server. Every expected row was checked
// against the source and against `grep -rnw`; the comments say what grep shows that is not a reference.
import { describe, expect, it } from 'vitest'
import { copyQueryCore, sharedToolOn } from './real-codebases.test-support.js'
import { grouped } from './grouped.test-support.js'

const call = (file: string, line: number, col: number, code: string): string => `src/${file}:${line}:${col}  ${code}`

describe('typescript-language-server on @tanstack/query-core', { timeout: 60_000 }, () => {
  const ask = sharedToolOn(copyQueryCore)

  it('finds every call of notifyManager.batch in 9 files and none of the comments saying "batch"', async () => {
    // grep -rnw batch: 22 lines; notifyManager.ts:82 and :83 are a doc comment, the other 20 are the answer.
    const batch = 'notifyManager.batch(() => {'
    const references = grouped([
      '20 references to batch in 9 files',
      call('mutation.ts', 331, 19, batch),
      call('mutationCache.ts', 156, 19, batch),
      call('mutationCache.ts', 187, 19, batch),
      call('mutationCache.ts', 197, 26, 'return notifyManager.batch(() =>'),
      call('mutationObserver.ts', 145, 19, batch),
      call('notifyManager.ts', 48, 5, 'batch: <T>(callback: () => T): T => {'),
      call('queriesObserver.ts', 91, 19, batch),
      call('queriesObserver.ts', 271, 19, batch),
      call('query.ts', 616, 19, batch),
      call('queryCache.ts', 159, 19, batch),
      call('queryCache.ts', 201, 19, batch),
      call('queryCache.ts', 209, 19, batch),
      call('queryCache.ts', 217, 19, batch),
      call('queryClient.ts', 212, 26, 'return notifyManager.batch(() =>'),
      call('queryClient.ts', 242, 19, batch),
      call('queryClient.ts', 257, 26, 'return notifyManager.batch(() => {'),
      call('queryClient.ts', 271, 36, 'const promises = notifyManager.batch(() =>'),
      call('queryClient.ts', 284, 26, 'return notifyManager.batch(() => {'),
      call('queryClient.ts', 308, 36, 'const promises = notifyManager.batch(() =>'),
      call('queryObserver.ts', 740, 19, batch),
    ])
    expect(await ask('findReferences', 'src/notifyManager.ts:48:5')).toBe(references)
    expect(await ask('findReferences', 'src/queryClient.ts:212:26')).toBe(references)
    expect(await ask('goToDefinition', 'src/queryClient.ts:212:26')).toBe(
      `batch → ${call('notifyManager.ts', 48, 5, 'batch: <T>(callback: () => T): T => {')}`,
    )
    expect(await ask('hover', 'src/notifyManager.ts:48:5')).toBe('```typescript\n(property) batch: <T>(callback: () => T) => T\n```')
  })

  it('tells the method QueryCache.notify from MutationCache.notify and the private #notify methods', async () => {
    // grep -rnw notify: 26 lines; 8 are QueryCache.notify, 7 MutationCache.notify, 8 a private #notify, 3 comments.
    const queryCacheNotify = grouped([
      '8 references to notify in 3 files',
      call('query.ts', 309, 19, "this.#cache.notify({ type: 'observerAdded', query: this, observer })"),
      call('query.ts', 331, 19, "this.#cache.notify({ type: 'observerRemoved', query: this, observer })"),
      call('query.ts', 621, 19, "this.#cache.notify({ query: this, type: 'updated', action })"),
      call('queryCache.ts', 137, 12, 'this.notify({'),
      call('queryCache.ts', 154, 12, "this.notify({ type: 'removed', query })"),
      call('queryCache.ts', 200, 3, 'notify(event: QueryCacheNotifyEvent) {'),
      call('queryObserver.ts', 180, 36, 'this.#client.getQueryCache().notify({'),
      call('queryObserver.ts', 749, 36, 'this.#client.getQueryCache().notify({'),
    ])
    expect(await ask('findReferences', 'src/queryObserver.ts:749:36')).toBe(queryCacheNotify)
    expect(await ask('findReferences', 'src/mutationCache.ts:186:3')).toBe(
      grouped([
        '7 references to notify in 3 files',
        call('mutation.ts', 126, 27, 'this.#mutationCache.notify({'),
        call('mutation.ts', 139, 25, 'this.#mutationCache.notify({'),
        call('mutation.ts', 335, 27, 'this.#mutationCache.notify({'),
        call('mutationCache.ts', 116, 10, "this.notify({ type: 'added', mutation })"),
        call('mutationCache.ts', 134, 10, "this.notify({ type: 'removed', mutation })"),
        call('mutationCache.ts', 186, 3, 'notify(event: MutationCacheNotifyEvent) {'),
        call('mutationObserver.ts', 63, 39, 'this.#client.getMutationCache().notify({'),
      ]),
    )
    const definition = call('queryCache.ts', 200, 3, 'notify(event: QueryCacheNotifyEvent) {')
    expect(await ask('goToDefinition', 'src/queryObserver.ts:749:36')).toBe(`notify → ${definition}`)
    expect(await ask('goToImplementation', 'src/queryObserver.ts:749:36')).toBe(`1 implementation of notify\n${definition}`)
    expect(await ask('hover', 'src/queryObserver.ts:749:36')).toBe('```typescript\n(method) QueryCache.notify(event: QueryCacheNotifyEvent): void\n```')
  })

  it('goes from the abstract Removable.optionalRemove to its implementations in Query and Mutation', async () => {
    const implementations = [
      '2 implementations of optionalRemove in 2 files',
      call('mutation.ts', 146, 13, 'protected optionalRemove() {'),
      call('query.ts', 205, 13, 'protected optionalRemove() {'),
    ]
    const abstract = call('removable.ts', 36, 22, 'protected abstract optionalRemove(): void')
    expect(await ask('goToImplementation', 'src/removable.ts:36:22')).toBe(grouped(implementations))
    expect(await ask('goToImplementation', 'src/removable.ts:16:14')).toBe(grouped(implementations))
    expect(await ask('goToDefinition', 'src/removable.ts:16:14')).toBe(`optionalRemove → ${abstract}`)
    // grep -rnw optionalRemove: the same 4 lines; the overrides count as references of the abstract method.
    expect(await ask('findReferences', 'src/removable.ts:36:22')).toBe(
      grouped(['4 references to optionalRemove in 3 files', ...implementations.slice(1), call('removable.ts', 16, 14, 'this.optionalRemove()'), abstract]),
    )
    expect(await ask('hover', 'src/removable.ts:16:14')).toBe('```typescript\n(method) Removable.optionalRemove(): void\n```')
  })

  it('lists the overrides of Subscribable.onSubscribe with the base no-op that the other subclasses inherit', async () => {
    // QueryCache, MutationCache and MutationObserver do not override it: they run the base body.
    expect(await ask('goToImplementation', 'src/subscribable.ts:23:13')).toBe(
      grouped([
        '5 implementations of onSubscribe in 5 files',
        call('focusManager.ts', 35, 13, 'protected onSubscribe(): void {'),
        call('onlineManager.ts', 36, 13, 'protected onSubscribe(): void {'),
        call('queriesObserver.ts', 61, 13, 'protected onSubscribe(): void {'),
        call('queryObserver.ts', 103, 13, 'protected onSubscribe(): void {'),
        call('subscribable.ts', 23, 13, 'protected onSubscribe(): void {'),
      ]),
    )
  })

  it('shows hashKey with its docs, and finds both calls on one line where grep counts one', async () => {
    const docs = 'Default query & mutation keys hash function.\nHashes the value into a stable hash.'
    const hashKeyLine = 'hashKey(prevOptions.mutationKey) !== hashKey(this.options.mutationKey)'
    expect(await ask('hover', 'src/utils.ts:205:17')).toBe(`\`\`\`typescript\nfunction hashKey(queryKey: QueryKey | MutationKey): string\n\`\`\`\n${docs}`)
    expect(await ask('hover', 'src/mutationObserver.ts:73:44')).toBe(
      `\`\`\`typescript\n(alias) hashKey(queryKey: QueryKey | MutationKey): string\nimport hashKey\n\`\`\`\n${docs}`,
    )
    const definition = call('utils.ts', 205, 17, 'export function hashKey(queryKey: QueryKey | MutationKey): string {')
    expect(await ask('goToDefinition', 'src/mutationObserver.ts:73:44')).toBe(`hashKey → ${definition}`)
    expect(await ask('goToImplementation', 'src/mutationObserver.ts:73:44')).toBe(`1 implementation of hashKey\n${definition}`)
    // grep -rnw hashKey: 9 lines, every one a reference; two of them hold two calls each.
    const mismatch = 'if (hashKey(mutation.options.mutationKey) !== hashKey(mutationKey)) {'
    expect(await ask('findReferences', 'src/mutationObserver.ts:73:7')).toBe(
      grouped([
        '11 references to hashKey in 4 files',
        call('index.ts', 17, 3, 'hashKey,'),
        call('mutationObserver.ts', 4, 10, "import { hashKey, shallowEqualObjects } from './utils'"),
        call('mutationObserver.ts', 73, 7, hashKeyLine),
        call('mutationObserver.ts', 73, 44, hashKeyLine),
        call('queryClient.ts', 3, 3, 'hashKey,'),
        call('queryClient.ts', 472, 29, 'this.#queryDefaults.set(hashKey(queryKey), {'),
        call('queryClient.ts', 508, 32, 'this.#mutationDefaults.set(hashKey(mutationKey), {'),
        call('utils.ts', 174, 11, mismatch),
        call('utils.ts', 174, 53, mismatch),
        call('utils.ts', 197, 45, 'const hashFn = options?.queryKeyHashFn || hashKey'),
        definition,
      ]),
    )
  })

  it('addresses symbols by name: a name path, a re-exported name, an ambiguous name, a misspelt name', async () => {
    // QueryCache.notify and MutationCache.notify share the name: the name path picks one.
    expect((await ask('findReferences', 'QueryCache.notify')).split('\n').slice(0, 4)).toEqual([
      'QueryCache.notify → src/queryCache.ts:200:3',
      '8 references to notify in 3 files',
      'src/query.ts',
      "309:19  this.#cache.notify({ type: 'observerAdded', query: this, observer })",
    ])
    expect(await ask('findReferences', 'notify')).toBe(
      grouped([
        '2 symbols match "notify"; pick one with filePath and line:',
        '1. Method MutationCache.notify  src/mutationCache.ts:186:3',
        '2. Method QueryCache.notify  src/queryCache.ts:200:3',
      ]),
    )
    // Workspace symbols list index.ts's re-exports as Variables of the same name; each is an alias
    // of the declaration, so the name resolves to the declaration instead of asking which.
    expect(await ask('goToDefinition', 'QueryClient')).toBe(
      grouped(['QueryClient → src/queryClient.ts:60:14', '1 definition of QueryClient', call('queryClient.ts', 60, 14, 'export class QueryClient {')]),
    )
    expect((await ask('findReferences', 'hashKey')).split('\n').slice(0, 2)).toEqual(['hashKey → src/utils.ts:205:17', '11 references to hashKey in 4 files'])
    // Implementations are named after the symbol asked about, not after the first implementing class.
    expect((await ask('goToImplementation', 'Removable')).split('\n').slice(0, 2)).toEqual(['Removable → src/removable.ts:3:23', '4 implementations of Removable in 4 files'])
    expect(await ask('hover', 'getQueryDat')).toBe(grouped(['No symbol "getQueryDat" found.', 'Closest names:', 'Method getQueryData  src/queryClient.ts:127:3']))
  })
})
