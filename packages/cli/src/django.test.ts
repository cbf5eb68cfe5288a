// The cross-check on django 3.2 (Debian's python3-django, installed by `pnpm servers:install`):
// BaseManager.get_queryset has 2 references pyright can see, while four calls through
// `self.model._default_manager` (typed as nothing pyright can follow) call it too.
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { runLspQuery } from '@agent-lsp/tool-lsp'
import { afterAll, describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'

const DJANGO = '/usr/lib/python3/dist-packages/django'

describe('cross-check on django 3.2 with pyright', () => {
  let root = ''
  const host = createLspHost(undefined, { crossCheck: { limits: { timeoutMs: 240_000 } } })
  afterAll(async () => {
    await host.dispose()
    if (root !== '') await rm(root, { recursive: true, force: true })
  })

  it('lists the four _default_manager.get_queryset() calls as places pyright could not resolve', { timeout: 300_000 }, async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-django-')))
    await cp(DJANGO, path.join(root, 'django'), { recursive: true })
    const at = (file: string, line: number) => `${pathToFileURL(path.join(root, 'django', file)).href}:${line}`
    const result = await runLspQuery(host.ctx, { operation: 'findReferences', filePath: 'django/db/models/manager.py', line: 142, character: 9 }, { workspaceRoot: root, timeoutMs: 280_000 })
    if (result.kind !== 'locations') throw new Error(`unexpected ${result.kind}`)
    // The declaration, `return self.get_queryset()` in all() (line 156), and the two overrides
    // Python's ast finds in BaseManager's subclasses (Manager is `BaseManager.from_queryset(…)`):
    // CurrentSiteManager.get_queryset and EmptyManager.get_queryset, joined from the class hierarchy.
    expect(result.locations.map((location) => `${location.uri}:${location.range.start.line + 1}`)).toEqual(
      [at('contrib/sites/managers.py', 59), at('db/models/manager.py', 142), at('db/models/manager.py', 156), at('db/models/manager.py', 202)].sort(),
    )
    const candidates = (result.crossCheck?.candidates ?? []).map((candidate) => `${candidate.location.uri}:${candidate.location.range.start.line + 1}`)
    // grep -rn '_default_manager.get_queryset()' django: these four, each a candidate.
    expect(candidates).toEqual(expect.arrayContaining([at('contrib/admin/options.py', 366), at('forms/models.py', 642), at('forms/models.py', 857), at('forms/models.py', 859)]))
    // 65 whole-word occurrences (grep -rnw), 5 of them in comments or strings (Python's tokenize).
    expect(result.crossCheck?.counts).toMatchObject({ occurrences: 65, listed: 2, added: 0, commentsOrStrings: 5, unchecked: 0 })
    expect(result.crossCheck?.counts.candidates).toBe(candidates.length)
    expect(result.completeness).toMatchObject({ state: 'partial', reason: 'unresolved' })
  })
})
