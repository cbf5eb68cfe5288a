/**
 * The provider conformance suite: what any `LspProvider` must do to sit behind `ctx.lsp`, checked
 * against the provider a third party (or `@agent-lsp/lsp-local`) builds.
 *
 * It imports no test runner: {@link runProviderConformance} registers its checks with the
 * `describe`/`it`/`afterAll` it is given (vitest, jest, mocha, `node:test`), and
 * {@link providerConformanceSuite} returns them as data for anything else. Failures are
 * {@link ConformanceError}s naming the operation, the request and the bad value's path.
 */
import { createHarness } from './conformance-harness.js'
import { cancellationCases, errorCases, resultCases, rootCases } from './conformance-queries.js'
import { registrationCases } from './conformance-registration.js'
import type { ConformanceProvider, ConformanceRunner, ConformanceSuite, ProviderConformanceOptions } from './conformance-types.js'

/**
 * The conformance checks of a provider, as data: groups of named cases and a `dispose()` to run
 * after them. Cases share one provider and one workspace, created by the first case that runs.
 *
 * - **registration**: a valid, stable id and extension map; registered atomically by the seam's
 *   registry; conflicts (same id, a shared extension) and invalid variants (bad id, extension or
 *   language id) refused with `LSP_CONFLICT`/`LSP_INVALID_PROVIDER`, publishing nothing; selected
 *   by extension with the mapped `languageId`; the disposer releases everything, idempotently.
 * - **results**: every claimed operation answers its `kind`'s arm exactly (required fields, no
 *   foreign ones, zero-based integer positions, ordered ranges, the documented sort orders,
 *   `completeness`), non-empty at the fixture's spot; `findReferences` includes the declaration;
 *   concurrent queries are answered. The edit family: `completion` items are ordered by
 *   `sortText`; a workspace edit (of `rename`, `format`, or a code action) has text edits that
 *   do not overlap, resource operations with all their flags, and is `null` rather than changing
 *   nothing; non-empty means at least one completion item, a `rename` edit inserting the new name
 *   (`renamedByConformance`), at least one code action (asked for an empty range at the spot,
 *   every kind, the diagnostics the provider knows); `format` (the whole file, `{ tabSize: 2,
 *   insertSpaces: true }`) may answer no edit, since the file may be formatted, but may edit
 *   only that file.
 * - **errors**: unclaimed operations → `LSP_UNSUPPORTED_OPERATION`; a missing file →
 *   `LSP_FILE_NOT_FOUND`; a file outside the root (absolute, `../`, or a symlink out) →
 *   `LSP_OUTSIDE_WORKSPACE` (one operation of each request shape); a position past the end →
 *   `LSP_INVALID_POSITION` (a cursor operation, `rename`, `codeActions`); the end of every line,
 *   counted in UTF-16, is valid. Every rejection is an `LspError` with a message.
 * - **cancellation**: a pre-aborted signal and an abort while pending → `LSP_CANCELLED` within
 *   `cancellationBoundMs`; an abort after the request reached the backend too (with `stall`); the
 *   provider answers afterwards.
 * - **workspace roots**: `resolvedWorkspaceRoot` is the realpath of a root given through a
 *   symlink, with a trailing separator or with `..`; no URI spells the symlink; absolute file
 *   paths through the link or the realpath both resolve inside.
 */
export function providerConformanceSuite<P extends ConformanceProvider>(options: ProviderConformanceOptions<P>): ConformanceSuite {
  const harness = createHarness(options)
  return {
    name: `${options.name} provider conformance`,
    groups: [
      { name: 'registration', cases: registrationCases(harness) },
      { name: 'results', cases: resultCases(harness) },
      { name: 'errors by code', cases: errorCases(harness) },
      { name: 'cancellation', cases: cancellationCases(harness) },
      { name: 'workspace roots', cases: rootCases(harness) },
    ],
    dispose: harness.dispose,
  }
}

/**
 * Register the conformance checks of a provider with a test runner:
 *
 * ```ts
 * import * as seam from '@agent-lsp/lsp'
 * import { afterAll, describe, it } from 'vitest'
 * runProviderConformance({ describe, it, afterAll }, { name: 'mine', seam, createProvider, fixture })
 * ```
 *
 * See {@link providerConformanceSuite} for what is checked.
 */
export function runProviderConformance<P extends ConformanceProvider>(runner: ConformanceRunner, options: ProviderConformanceOptions<P>): void {
  const suite = providerConformanceSuite(options)
  runner.describe(suite.name, () => {
    for (const group of suite.groups) {
      runner.describe(group.name, () => {
        for (const check of group.cases) runner.it(check.name, check.run)
      })
    }
    runner.afterAll(suite.dispose)
  })
}

export { ConformanceError } from './conformance-types.js'
export type {
  ConformanceCase,
  ConformanceContext,
  ConformanceCursorSpec,
  ConformanceFileSpec,
  ConformanceMoveSpec,
  ConformanceFixture,
  ConformanceOperations,
  ConformanceProvider,
  ConformanceRequestShape,
  ConformanceRunner,
  ConformanceSearchSpec,
  ConformanceSeam,
  ConformanceStall,
  ConformanceSuite,
  ProviderConformanceOptions,
} from './conformance-types.js'
