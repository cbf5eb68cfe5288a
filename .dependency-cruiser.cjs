// The import rules `pnpm test` enforces (dependency-cruiser): no circles, and arrows only in the
// directions the layout promises (see .agents/notes/2026-12-01-folders-by-job.md).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import circles hide which module a change starts from.', from: {}, to: { circular: true } },
    {
      name: 'seam-without-processes',
      severity: 'error',
      comment: 'The seam holds types, the registry and errors only: no protocol types, no processes, no files.',
      from: { path: '^packages/lsp/lsp/src' },
      to: { path: '(vscode-|node_modules/@types/node|^node:|child_process|fs)', pathNot: '\\.test' },
    },
    {
      name: 'seam-arrows-point-down',
      severity: 'error',
      comment: 'brand/errors/abort → lsp → lsp-local, tool-lsp, lsp-testing → cli: nothing imports a package above it.',
      from: { path: '^packages/(util|lsp/lsp)/' },
      to: { path: '^packages/(lsp/(lsp-local|lsp-crosscheck|tool-lsp|lsp-testing)|cli)/' },
    },
    {
      name: 'providers-and-tool-apart',
      severity: 'error',
      comment: 'The tool and the cross-check talk to ctx.lsp only: neither imports a provider, nor the other, outside tests.',
      from: { path: '^packages/lsp/(tool-lsp|lsp-crosscheck)/src', pathNot: '\\.test(-support)?\\.ts$' },
      to: { path: '^packages/lsp/(lsp-local|lsp-testing|tool-lsp|lsp-crosscheck)/', pathNot: '^packages/lsp/$1/' },
    },
    {
      name: 'lsp-local-normalize-is-pure',
      severity: 'error',
      comment: 'normalize/ turns wire values into seam values: it knows no process, document or operation.',
      from: { path: '^packages/lsp/lsp-local/src/normalize/' },
      to: { path: '^packages/lsp/lsp-local/src/(process|sync|readiness|operations)/' },
    },
    {
      name: 'lsp-local-readiness-below-sync',
      severity: 'error',
      comment: 'readiness/ watches what a server reports; documents and processes use it, never the reverse.',
      from: { path: '^packages/lsp/lsp-local/src/readiness/' },
      to: { path: '^packages/lsp/lsp-local/src/(process|sync|operations)/' },
    },
    {
      name: 'lsp-local-sync-below-process',
      severity: 'error',
      comment: 'sync/ keeps documents and watched files current through a narrow interface, not the client.',
      from: { path: '^packages/lsp/lsp-local/src/sync/' },
      to: { path: '^packages/lsp/lsp-local/src/(process|operations)/' },
    },
    {
      name: 'lsp-local-process-below-operations',
      severity: 'error',
      comment: 'process/ keeps servers running; it never runs an operation.',
      from: { path: '^packages/lsp/lsp-local/src/process/' },
      to: { path: '^packages/lsp/lsp-local/src/operations/' },
    },
    {
      name: 'tool-lsp-text-is-pure',
      severity: 'error',
      comment: 'text/ holds pure text helpers (lines, columns, words, names): it imports no other room.',
      from: { path: '^packages/lsp/tool-lsp/src/text/' },
      to: { path: '^packages/lsp/tool-lsp/src/(input|render|address|edit|adapters)/' },
    },
    {
      name: 'tool-lsp-input-below-render',
      severity: 'error',
      comment: 'input/ parses what the model sent and reads workspace files; answers are rendered above it.',
      from: { path: '^packages/lsp/tool-lsp/src/input/' },
      to: { path: '^packages/lsp/tool-lsp/src/(render|address|edit|adapters)/' },
    },
    {
      name: 'tool-lsp-render-below-address',
      severity: 'error',
      comment: 'render/ turns seam results into text; symbol addressing and edits use it, never the reverse.',
      from: { path: '^packages/lsp/tool-lsp/src/render/' },
      to: { path: '^packages/lsp/tool-lsp/src/(address|edit|adapters)/' },
    },
    {
      name: 'tool-lsp-address-below-edit',
      severity: 'error',
      comment: 'address/ finds symbols by name; edits and adapters sit above it.',
      from: { path: '^packages/lsp/tool-lsp/src/address/' },
      to: { path: '^packages/lsp/tool-lsp/src/(edit|adapters)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['@agent-lsp/source', 'import', 'types', 'default'], mainFields: ['module', 'main', 'types'] },
  },
}
