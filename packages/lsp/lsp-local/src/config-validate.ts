import { LspError, isValidExtension, isValidFileName } from '@agent-lsp/lsp'
import type { LocalServerConfig } from './config.js'

/**
 * Check a config before anything is spawned.
 * @throws LspError `LSP_INVALID_PROVIDER` naming the field.
 */
export function validateServerConfig(config: LocalServerConfig): void {
  const invalid = (why: string): LspError =>
    new LspError('LSP_INVALID_PROVIDER', `invalid language server config "${String(config?.id)}": ${why}`)
  if (typeof config?.id !== 'string' || config.id.trim() === '') throw invalid('id must be a non-empty string')
  if (typeof config.command !== 'string' || config.command.trim() === '') throw invalid('command must be a non-empty string')
  if (config.args !== undefined && (!Array.isArray(config.args) || !config.args.every((a) => typeof a === 'string'))) {
    throw invalid('args must be an array of strings')
  }
  if (config.excludedFolders !== undefined) {
    const { pattern, says } = config.excludedFolders
    if (typeof says !== 'string' || !isRegExp(pattern)) throw invalid('excludedFolders must have a regular expression pattern and a says sentence')
  }
  if (config.workspaceRootMarkers !== undefined && !isStringArray(config.workspaceRootMarkers)) throw invalid('workspaceRootMarkers must be an array of file names')
  const log = config.incompleteLog
  if (log !== undefined && !(isRegExp(log.reset) && Array.isArray(log.notes) && log.notes.every((note) => isRegExp(note.pattern) && typeof note.says === 'string'))) {
    throw invalid('incompleteLog must have a reset regular expression and notes of a regular expression pattern and a says sentence')
  }
  const dependents = config.dependentRoots
  if (dependents !== undefined && !(typeof dependents.marker === 'string' && isRegExp(dependents.namePattern) && typeof dependents.hint === 'string')) throw invalid('dependentRoots must have a marker, a namePattern regular expression and a hint')
  if (config.resultLimits !== undefined && !Object.values(config.resultLimits).every((limit) => Number.isInteger(limit) && limit > 0)) throw invalid('resultLimits must give each operation a positive integer')
  if (config.nudgeProgressMs !== undefined && !(Number.isInteger(config.nudgeProgressMs) && config.nudgeProgressMs > 0)) throw invalid('nudgeProgressMs must be a positive integer')
  const database = config.compileDatabase
  if (database !== undefined && ![database.files, database.flagFiles ?? [], database.sourceExtensions].every(isStringArray)) {
    throw invalid('compileDatabase must list files, flagFiles and sourceExtensions as arrays of strings')
  }
  if (database?.indexProgressTitle !== undefined && !isRegExp(database.indexProgressTitle)) throw invalid('compileDatabase.indexProgressTitle must be a regular expression')
  const rules = config.diagnostics
  if (rules !== undefined) {
    if (rules.pull !== undefined && rules.pull !== 'tsserver') throw invalid("diagnostics.pull must be 'tsserver'")
    if (rules.settle !== undefined && !['after-last-change', 'own-version', 'changed-files-published'].includes(rules.settle)) {
      throw invalid("diagnostics.settle must be 'after-last-change', 'own-version' or 'changed-files-published'")
    }
    if (rules.includedFromDisk !== undefined && !isStringArray(rules.includedFromDisk)) throw invalid('diagnostics.includedFromDisk must be an array of extensions')
    if (rules.dependencyDirectives !== undefined && !(Array.isArray(rules.dependencyDirectives) && rules.dependencyDirectives.every(isRegExp))) {
      throw invalid('diagnostics.dependencyDirectives must be an array of regular expressions')
    }
    if (rules.publishedFiles !== undefined && !isStringArray(rules.publishedFiles)) throw invalid('diagnostics.publishedFiles must be an array of file names')
    if (rules.uncheckedLog !== undefined && (typeof rules.uncheckedLog.says !== 'string' || !isRegExp(rules.uncheckedLog.pattern))) {
      throw invalid('diagnostics.uncheckedLog must have a regular expression pattern and a says sentence')
    }
    if (rules.setupCodes !== undefined && !(Array.isArray(rules.setupCodes) && rules.setupCodes.every((rule) => typeof rule?.code === 'string' && typeof rule.says === 'string'))) {
      throw invalid('diagnostics.setupCodes must be an array of { code, says } strings')
    }
    if (rules.uncheckedPaths !== undefined && !(typeof rules.uncheckedPaths?.says === 'string' && isRegExp(rules.uncheckedPaths.pattern))) {
      throw invalid('diagnostics.uncheckedPaths must be { pattern, says }: a regular expression and a sentence')
    }
    if (rules.setupMessages !== undefined && !(Array.isArray(rules.setupMessages) && rules.setupMessages.every((rule) => typeof rule?.says === 'string' && isRegExp(rule.pattern)))) {
      throw invalid('diagnostics.setupMessages must be an array of { pattern, says }: a regular expression and a sentence')
    }
  }
  const cap = config.maxMemoryMB
  if (cap !== undefined && !(typeof cap === 'number' && cap > 0)) throw invalid('maxMemoryMB must be a positive number of megabytes')
  for (const extension of Object.keys(config.extensionToLanguage ?? {})) {
    if (!isValidExtension(extension)) throw invalid(`extension ${JSON.stringify(extension)} must be lowercase with a leading dot`)
  }
  for (const name of Object.keys(config.fileNameToLanguage ?? {})) {
    if (!isValidFileName(name)) throw invalid(`file name ${JSON.stringify(name)} must be one path segment, like "Dockerfile" or "Dockerfile.*"`)
  }
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function isRegExp(source: unknown): boolean {
  if (typeof source !== 'string') return false
  try {
    new RegExp(source)
    return true
  } catch {
    return false
  }
}
