import type { LspErrorCode } from '@agent-lsp/lsp'

/**
 * Server failures whose own message does not say what to do, by the words the server uses
 * (gopls 0.11), each with the stable code it means and a sentence saying why and what to ask
 * instead. The server's message is kept after it and in the error's `responseError`.
 */
const explained: readonly { readonly said: RegExp; readonly code: LspErrorCode; readonly means: string }[] = [
  {
    // gopls loads the files of the current build only; others have no package.
    said: /^no package metadata for file /,
    code: 'LSP_UNAVAILABLE',
    means:
      'it loads no package holding this file: the file is excluded from the build by its build constraints (a //go:build line, or a _GOOS or _GOARCH suffix of its name) for the GOOS, GOARCH and tags gopls runs with, or lies outside every module (testdata, a folder starting with _ or .); ask from a file of the build, or run gopls with that GOOS/GOARCH (GOFLAGS=-tags=… for tags) in its env',
  },
  {
    said: /^not a type name or method$/,
    code: 'LSP_UNSUPPORTED_OPERATION',
    means: 'goToImplementation answers for an interface, a type or a method, and the name there is none of them (a function, a variable, a constant or a package name); ask findReferences or goToDefinition there',
  },
  {
    // At a package clause (`package p`), a keyword or a name no declaration binds.
    said: /^no object found for /,
    code: 'LSP_INVALID_POSITION',
    means: 'no declared name is there (a package clause, a keyword, or a name no declaration binds); ask at a declaration or a use of the name',
  },
]

/** The code and the sentence of a failure in {@link explained} that `message` (one line) is, or `undefined`. */
export function explainedFailure(message: string): { readonly code: LspErrorCode; readonly means: string } | undefined {
  return explained.find((failure) => failure.said.test(message))
}
