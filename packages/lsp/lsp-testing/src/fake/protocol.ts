import { RequestType0 } from 'vscode-jsonrpc'

/** What the fake server holds for one document, from the client's `didOpen`/`didChange`/`didClose`. */
export interface FakeDocumentState {
  /** `TextDocumentItem.languageId` from `didOpen` (`''` if the document was never opened). */
  readonly languageId: string
  /** The version of the latest `didOpen` or `didChange`. */
  readonly version: number
  /** The full text after applying every change in order. */
  readonly text: string
  /** `true` between `didOpen` and `didClose`. */
  readonly open: boolean
}

/** The fake server's documents by URI (exactly as the client sent it). */
export interface FakeDocuments {
  readonly [uri: string]: FakeDocumentState
}

/**
 * `fake/documents`: a custom request (no params) answered with {@link FakeDocuments}, so a test can
 * assert what the server "sees".
 */
export const FakeDocumentsRequest = {
  method: 'fake/documents',
  type: new RequestType0<FakeDocuments, void>('fake/documents'),
} as const
