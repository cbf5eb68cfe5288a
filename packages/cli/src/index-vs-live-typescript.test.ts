// Done-when of issue 13 (TypeScript half): on @tanstack/query-core 5.59.0's sources, the index
// (scip-typescript 0.4.0 through `agent-lsp index`) and the live server (typescript-language-server
// on TypeScript 5.9) answer the same reference, definition and implementation questions. Each test
// states both sets; where they differ, the comment says why.
import { describe, expect, it } from 'vitest'
import { indexAndLive } from './index-vs-live.test-support.js'
import { copyQueryCore } from './real-codebases.test-support.js'

describe('index and live server on @tanstack/query-core', () => {
  const ask = indexAndLive(copyQueryCore)

  it('findReferences of hashKey: the same 11 places, imports and the re-export included', async () => {
    const both = [
      'src/index.ts:16:2-16:9', 'src/mutationObserver.ts:3:9-3:16', 'src/mutationObserver.ts:72:6-72:13', 'src/mutationObserver.ts:72:43-72:50',
      'src/queryClient.ts:2:2-2:9', 'src/queryClient.ts:471:28-471:35', 'src/queryClient.ts:507:31-507:38',
      'src/utils.ts:173:10-173:17', 'src/utils.ts:173:52-173:59', 'src/utils.ts:196:44-196:51', 'src/utils.ts:204:16-204:23',
    ]
    expect(await ask({ operation: 'findReferences', file: 'src/utils.ts', at: 'function hashKey', offset: 9 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of notifyManager: the same 29 places in 11 files', async () => {
    const both = [
      'src/index.ts:12:9-12:22', 'src/mutation.ts:0:9-0:22', 'src/mutation.ts:330:4-330:17', 'src/mutationCache.ts:0:9-0:22', 'src/mutationCache.ts:155:4-155:17',
      'src/mutationCache.ts:186:4-186:17', 'src/mutationCache.ts:196:11-196:24', 'src/mutationObserver.ts:1:9-1:22', 'src/mutationObserver.ts:144:4-144:17',
      'src/notifyManager.ts:94:13-94:26', 'src/queriesObserver.ts:0:9-0:22', 'src/queriesObserver.ts:90:4-90:17', 'src/queriesObserver.ts:270:4-270:17',
      'src/query.ts:7:9-7:22', 'src/query.ts:615:4-615:17', 'src/queryCache.ts:2:9-2:22', 'src/queryCache.ts:158:4-158:17', 'src/queryCache.ts:200:4-200:17',
      'src/queryCache.ts:208:4-208:17', 'src/queryCache.ts:216:4-216:17', 'src/queryClient.ts:13:9-13:22', 'src/queryClient.ts:211:11-211:24',
      'src/queryClient.ts:241:4-241:17', 'src/queryClient.ts:256:11-256:24', 'src/queryClient.ts:270:21-270:34', 'src/queryClient.ts:283:11-283:24',
      'src/queryClient.ts:307:21-307:34', 'src/queryObserver.ts:1:9-1:22', 'src/queryObserver.ts:739:4-739:17',
    ]
    expect(await ask({ operation: 'findReferences', file: 'src/notifyManager.ts', at: 'const notifyManager', offset: 6 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of partialMatchKey: the same 8 places', async () => {
    const both = [
      'src/queryClient.ts:5:2-5:17', 'src/queryClient.ts:488:10-488:25', 'src/queryClient.ts:521:10-521:25', 'src/utils.ts:133:16-133:31',
      'src/utils.ts:176:16-176:31', 'src/utils.ts:220:16-220:31', 'src/utils.ts:221:16-221:31', 'src/utils.ts:231:42-231:57',
    ]
    expect(await ask({ operation: 'findReferences', file: 'src/utils.ts', at: 'function partialMatchKey', offset: 9 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of an abstract method lists the implementations, on both sides (is_reference relationships)', async () => {
    const both = ['src/mutation.ts:145:12-145:26', 'src/query.ts:204:12-204:26', 'src/removable.ts:15:13-15:27', 'src/removable.ts:35:21-35:35']
    expect(await ask({ operation: 'findReferences', file: 'src/removable.ts', at: 'optionalRemove' })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of a base method lists the overrides in four subclasses', async () => {
    const both = [
      'src/focusManager.ts:34:12-34:23', 'src/onlineManager.ts:35:12-35:23', 'src/queriesObserver.ts:60:12-60:23', 'src/queryObserver.ts:102:12-102:23',
      'src/subscribable.ts:10:9-10:20', 'src/subscribable.ts:22:12-22:23',
    ]
    expect(await ask({ operation: 'findReferences', file: 'src/subscribable.ts', at: 'onSubscribe' })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('goToDefinition of an imported class in an extends clause, and of a call', async () => {
    const subscribable = ['src/subscribable.ts:0:13-0:25']
    expect(await ask({ operation: 'goToDefinition', file: 'src/queryObserver.ts', at: 'extends Subscribable', offset: 8 })).toEqual({ index: subscribable, live: subscribable, complete: { index: true, live: true } })
    const matchQuery = ['src/utils.ts:115:16-115:26']
    expect(await ask({ operation: 'goToDefinition', file: 'src/queryCache.ts', at: 'matchQuery(' })).toEqual({ index: matchQuery, live: matchQuery, complete: { index: true, live: true } })
  })

  it('goToImplementation of Subscribable: its eight subclasses and itself', async () => {
    const both = [
      'src/focusManager.ts:9:13-9:25', 'src/infiniteQueryObserver.ts:26:13-26:34', 'src/mutationCache.ts:83:13-83:26', 'src/mutationObserver.ts:21:13-21:29',
      'src/onlineManager.ts:6:13-6:26', 'src/queriesObserver.ts:34:13-34:28', 'src/queryCache.ts:91:13-91:23', 'src/queryObserver.ts:42:13-42:26',
      'src/subscribable.ts:0:13-0:25',
    ]
    expect(await ask({ operation: 'goToImplementation', file: 'src/subscribable.ts', at: 'class Subscribable', offset: 6 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('goToImplementation of an abstract method: its two implementations', async () => {
    const both = ['src/mutation.ts:145:12-145:26', 'src/query.ts:204:12-204:26']
    expect(await ask({ operation: 'goToImplementation', file: 'src/removable.ts', at: 'optionalRemove' })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('goToImplementation of the abstract class Removable: the live server also lists an expression', async () => {
    const index = ['src/mutation.ts:80:13-80:21', 'src/query.ts:154:13-154:18', 'src/removable.ts:2:22-2:31']
    // tsserver adds `[...this.#queries.values()]` in QueryCache.getAll (queryCache.ts:179:11-38):
    // an array expression it finds constructing values of a Removable subclass (Query) for a return
    // type. An index records symbols and their occurrences, never expressions, so it cannot.
    const live = ['src/mutation.ts:80:13-80:21', 'src/query.ts:154:13-154:18', 'src/queryCache.ts:179:11-179:38', 'src/removable.ts:2:22-2:31']
    expect(await ask({ operation: 'goToImplementation', file: 'src/removable.ts', at: 'class Removable', offset: 6 })).toEqual({ index, live, complete: { index: true, live: true } })
  })
})
