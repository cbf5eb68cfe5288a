import type { ClientCapabilities } from 'vscode-languageserver-protocol'

/**
 * What this client really handles, and nothing more (LSP 3.17 §ClientCapabilities): UTF-16
 * positions only, `LocationLink`s, markdown hover, work-done progress, workspace folders and
 * `workspace/configuration`. Features are registered statically, so no dynamic registration.
 */
export const clientCapabilities: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true, showMessage: {}, showDocument: { support: false } },
  workspace: { workspaceFolders: true, configuration: true, applyEdit: false },
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: false, willSaveWaitUntil: false, didSave: false },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    definition: { dynamicRegistration: false, linkSupport: true },
    implementation: { dynamicRegistration: false, linkSupport: true },
    references: { dynamicRegistration: false },
  },
}
