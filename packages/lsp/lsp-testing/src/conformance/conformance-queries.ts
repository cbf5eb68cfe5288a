/**
 * Query checks: the shape of every claimed operation's answer, errors by code, cancellation, and
 * `resolvedWorkspaceRoot` through symlinked roots.
 */
import { basename, join, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { CONFORMANCE_NEW_NAME, rejectsWith, within, type Harness, type Target } from './conformance-harness.js'
import { checkResultShape, fileUrisIn, preview } from './conformance-shapes.js'
import { linesOf } from './conformance-workspace.js'
import { ConformanceError, type ConformanceCase, type ConformanceProvider } from './conformance-types.js'

/** Ask `operation` (at `target`) and check the answer's shape; returns the answer and its size. */
async function ask<P extends ConformanceProvider>(harness: Harness<P>, operation: string, target: Target = {}, what = operation) {
  const { workspace, provider } = await harness.ready()
  const request = await harness.request(operation, target)
  let answer: unknown
  try {
    answer = await provider.query(request)
  } catch (error) {
    const detail = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : preview(error)
    throw new ConformanceError(`${what}: rejected ${preview(request)} with ${detail}`)
  }
  const size = checkResultShape(answer, { operation, kind: harness.kindOf(operation), resolvedWorkspaceRoot: workspace.root })
  return { answer, size, request }
}

/** An aborted signal. */
function aborted(): AbortSignal {
  const controller = new AbortController()
  controller.abort()
  return controller.signal
}

/** The text edits of a (checked) workspace edit, with the URI of their document. */
function textEditsOf(edit: unknown): { uri: string; newText: string }[] {
  const changes = (edit as { changes?: readonly { kind: string; uri?: string; edits?: readonly { newText: string }[] }[] } | null)?.changes ?? []
  return changes.flatMap((change) => (change.kind === 'edit' ? (change.edits ?? []).map((textEdit) => ({ uri: change.uri ?? '', newText: textEdit.newText })) : []))
}

/**
 * What "non-empty" means for an operation beyond a non-zero size, checked on a well-formed answer:
 * `rename` must insert the new name somewhere; `format` may answer no edit (the file may already
 * be formatted), but an edit must only change the file asked, in `edit` steps.
 * @returns whether the answer's size must be non-zero.
 */
function checkAnswerOf(operation: string, answer: unknown, request: { readonly filePath: string | null }, root: string): boolean {
  if (operation === 'rename') {
    const edits = textEditsOf((answer as { edit: unknown }).edit)
    if (edits.length > 0 && !edits.some((edit) => edit.newText.includes(CONFORMANCE_NEW_NAME))) {
      throw new ConformanceError(`rename: the edit for ${preview(request)} never inserts the new name ${CONFORMANCE_NEW_NAME} (${preview(edits)})`)
    }
    return true
  }
  // A notification: nothing to edit.
  if (operation === 'didRenameFiles') return false
  if (operation === 'format') {
    const edit = (answer as { edit: { changes: readonly { kind: string; uri?: string }[] } | null }).edit
    const file = resolve(root, request.filePath ?? '')
    for (const [i, change] of (edit?.changes ?? []).entries()) {
      const path = change.kind === 'edit' && change.uri?.startsWith('file:') ? fileURLToPath(change.uri) : undefined
      if (path !== file) throw new ConformanceError(`format result.edit.changes[${i}]: formatting ${request.filePath} may only edit that file, got ${preview(change)}`)
    }
    return false
  }
  return true
}

export function resultCases<P extends ConformanceProvider>(harness: Harness<P>): ConformanceCase[] {
  const cases: ConformanceCase[] = harness.claimed.map((operation) => ({
    name:
      operation === 'format'
        ? `format answers a well-formed '${harness.kindOf(operation)}' result that edits only the file (no edit is fine: it may be formatted)`
        : `${operation} answers a well-formed, non-empty '${harness.kindOf(operation)}' result`,
    run: async () => {
      const { workspace } = await harness.ready()
      const shape = harness.shapeOf(operation)
      const targets: Target[] = shape === 'workspace' || shape === 'workspaceDiagnostics' ? [{}, { filePath: null }] : [{}]
      for (const target of targets) {
        const { answer, size, request } = await ask(harness, operation, target)
        const mustHave = checkAnswerOf(operation, answer, request, workspace.root)
        if (mustHave && size === 0) throw new ConformanceError(`${operation}: the answer to ${preview(request)} is empty; the fixture must ask where the provider has an answer`)
      }
    },
  }))
  if (harness.claimed.includes('findReferences') && harness.claimed.includes('goToDefinition')) {
    cases.push({
      name: 'findReferences includes the declaration',
      run: async () => {
        const request = await harness.request('findReferences')
        const position = 'position' in request ? request.position : undefined
        const definitions = (await ask(harness, 'goToDefinition', { filePath: request.filePath, ...(position ? { position } : {}) })).answer as { locations: unknown[] }
        const references = (await ask(harness, 'findReferences')).answer as { locations: unknown[] }
        for (const definition of definitions.locations) {
          if (!references.locations.some((reference) => isDeepStrictEqual(reference, definition))) {
            throw new ConformanceError(`findReferences at ${preview(request)} misses the declaration ${preview(definition)}`)
          }
        }
      },
    })
  }
  cases.push({
    name: 'answers concurrent queries of every claimed operation',
    run: async () => {
      await Promise.all(harness.claimed.map((operation) => ask(harness, operation, {}, `${operation} (concurrent)`)))
    },
  })
  return cases
}

export function errorCases<P extends ConformanceProvider>(harness: Harness<P>): ConformanceCase[] {
  const isLspError = (value: unknown) => harness.options.seam.LspError.isInstance(value)
  const rejects = async (operation: string, target: Target, code: string, what: string) => {
    const { provider } = await harness.ready()
    const request = await harness.request(operation, target)
    await rejectsWith(isLspError, provider.query(request), code, `${what} (${preview(request)})`)
  }
  /** One claimed operation of each request shape (they all take a file). */
  const withFile = ['cursor', 'file', 'workspace', 'rename', 'codeActions', 'format', 'workspaceDiagnostics', 'overlayDiagnostics'].flatMap((shape) =>
    harness.claimed.filter((operation) => harness.shapeOf(operation) === shape).slice(0, 1),
  )
  const cursor = harness.claimed.find((operation) => operation === 'hover') ?? harness.claimed.find((operation) => harness.shapeOf(operation) === 'cursor')
  /** The claimed operations whose request holds a position (`codeActions`: its empty range's ends). */
  const positioned = [
    ...(cursor === undefined ? [] : [cursor]),
    ...harness.claimed.filter((operation) => harness.shapeOf(operation) === 'rename' || harness.shapeOf(operation) === 'codeActions'),
  ]
  const cases: ConformanceCase[] = []
  if (harness.unclaimed.length > 0) {
    cases.push({
      name: `rejects the operations it does not claim with LSP_UNSUPPORTED_OPERATION (${harness.unclaimed.join(', ')})`,
      run: async () => {
        for (const operation of harness.unclaimed) await rejects(operation, {}, 'LSP_UNSUPPORTED_OPERATION', `${operation}, not claimed`)
      },
    })
  }
  cases.push(
    {
      name: 'rejects a file that does not exist with LSP_FILE_NOT_FOUND',
      run: async () => {
        const { workspace } = await harness.ready()
        for (const operation of withFile) {
          await rejects(operation, { filePath: workspace.missingFile }, 'LSP_FILE_NOT_FOUND', `${operation} on a missing file`)
          await rejects(operation, { filePath: join(workspace.root, workspace.missingFile) }, 'LSP_FILE_NOT_FOUND', `${operation} on a missing absolute path`)
        }
      },
    },
    {
      name: 'rejects a file outside the workspace with LSP_OUTSIDE_WORKSPACE, symlinks followed',
      run: async () => {
        const { workspace } = await harness.ready()
        const relativeOutside = `..${sep}outside${sep}${workspace.outsideFile.split(sep).at(-1)}`
        for (const operation of withFile) {
          await rejects(operation, { filePath: workspace.outsideFile }, 'LSP_OUTSIDE_WORKSPACE', `${operation} on an absolute path outside`)
          await rejects(operation, { filePath: relativeOutside }, 'LSP_OUTSIDE_WORKSPACE', `${operation} on a relative path leading outside`)
          await rejects(operation, { filePath: workspace.escapingLink }, 'LSP_OUTSIDE_WORKSPACE', `${operation} on a symlink inside pointing outside`)
        }
      },
    },
  )
  if (positioned.length > 0) {
    cases.push({
      name: `rejects a position past the end of the file or of its line with LSP_INVALID_POSITION (${positioned.join(', ')})`,
      run: async () => {
        const { workspace } = await harness.ready()
        for (const operation of positioned) {
          const lines = linesOf(workspace.text((await harness.request(operation)).filePath as string))
          const longest = lines.reduce((best, line, index) => (line.length > (lines[best]?.length ?? 0) ? index : best), 0)
          await rejects(operation, { position: { line: lines.length, character: 0 } }, 'LSP_INVALID_POSITION', `${operation} on the line after the last`)
          const character = (lines[longest]?.length ?? 0) + 1
          await rejects(operation, { position: { line: longest, character } }, 'LSP_INVALID_POSITION', `${operation} one past the end of line ${longest}`)
        }
      },
    })
  }
  if (cursor !== undefined) {
    cases.push(
      {
        name: 'counts characters in UTF-16 code units: the end of every line is a valid position',
        run: async () => {
          const { workspace } = await harness.ready()
          const lines = linesOf(workspace.text((await harness.request(cursor)).filePath as string))
          for (const [line, text] of lines.entries()) await ask(harness, cursor, { position: { line, character: text.length } }, `${cursor} at the end of line ${line}`)
        },
      },
    )
  }
  return cases
}

export function cancellationCases<P extends ConformanceProvider>(harness: Harness<P>): ConformanceCase[] {
  const isLspError = (value: unknown) => harness.options.seam.LspError.isInstance(value)
  const { stall } = harness.options
  const cases: ConformanceCase[] = [
    {
      name: 'a signal aborted before the call rejects every claimed operation with LSP_CANCELLED',
      run: async () => {
        const { provider } = await harness.ready()
        for (const operation of harness.claimed) {
          const request = await harness.request(operation)
          await within(rejectsWith(isLspError, provider.query(request, aborted()), 'LSP_CANCELLED', `${operation} with an aborted signal`), harness.bound, `${operation} with an aborted signal`)
        }
      },
    },
    {
      name: 'an abort while the query is pending rejects it with LSP_CANCELLED promptly',
      run: async () => {
        const { provider } = await harness.ready()
        for (const operation of harness.claimed) {
          const request = await harness.request(operation)
          const controller = new AbortController()
          const pending = provider.query(request, controller.signal)
          controller.abort()
          const what = `${operation} aborted while pending`
          await within(rejectsWith(isLspError, pending, 'LSP_CANCELLED', what), harness.bound, what)
        }
      },
    },
    {
      name: 'still answers every claimed operation after cancelled queries',
      run: async () => {
        for (const operation of harness.claimed) await ask(harness, operation, {}, `${operation} after cancellations`)
      },
    },
  ]
  if (stall !== undefined) {
    cases.push({
      name: `an abort after the request reached the backend rejects with LSP_CANCELLED promptly (${stall.operation})`,
      run: async () => {
        const { workspace } = await harness.ready()
        const stalled = await stall.createProvider({ workspaceRoot: workspace.root })
        try {
          const controller = new AbortController()
          const pending = stalled.query(await harness.request(stall.operation), controller.signal)
          let settled = false
          pending.then(
            () => (settled = true),
            () => (settled = true),
          )
          await stall.reached()
          if (settled) throw new ConformanceError(`${stall.operation} on the stalled provider settled before the abort; the stall must hold it`)
          controller.abort()
          const what = `${stall.operation} aborted at the backend`
          await within(rejectsWith(isLspError, pending, 'LSP_CANCELLED', what), harness.bound, what)
        } finally {
          await stalled.dispose?.()
        }
      },
    })
  }
  return cases
}

export function rootCases<P extends ConformanceProvider>(harness: Harness<P>): ConformanceCase[] {
  /** The answer's `file:` URIs that point into the workspace must spell its realpath. */
  const throughRoot = async (target: Target, what: string) => {
    const { workspace } = await harness.ready()
    const linked = pathToFileURL(workspace.linkedRoot).href
    for (const operation of harness.claimed) {
      const { answer } = await ask(harness, operation, target, `${operation} ${what}`)
      const leaked = fileUrisIn(answer).find((uri) => uri === linked || uri.startsWith(`${linked}/`))
      if (leaked !== undefined) throw new ConformanceError(`${operation} ${what}: ${leaked} spells the symlinked root; URIs must use the realpath ${workspace.root}`)
    }
  }
  return [
    {
      name: 'resolvedWorkspaceRoot is the realpath of a root given through a symlink',
      run: async () => {
        const { workspace } = await harness.ready()
        await throughRoot({ workspaceRoot: workspace.linkedRoot }, 'with the workspace root given through a symlink')
      },
    },
    {
      name: 'resolvedWorkspaceRoot drops a trailing separator and `..` segments',
      run: async () => {
        const { workspace } = await harness.ready()
        await throughRoot({ workspaceRoot: `${workspace.root}${sep}` }, 'with a trailing separator on the root')
        await throughRoot({ workspaceRoot: [workspace.linkedRoot, '..', basename(workspace.root)].join(sep) }, 'with `..` in the root')
      },
    },
    {
      name: 'absolute file paths through the symlink and through the realpath both resolve inside',
      run: async () => {
        const { workspace } = await harness.ready()
        for (const operation of harness.claimed) {
          const { filePath } = await harness.request(operation)
          if (filePath === null) continue
          await ask(harness, operation, { filePath: join(workspace.linkedRoot, filePath) }, `${operation} on the file's path through the symlink`)
          await ask(harness, operation, { filePath: join(workspace.root, filePath), workspaceRoot: workspace.linkedRoot }, `${operation} on the real path, root through the symlink`)
        }
      },
    },
  ]
}
