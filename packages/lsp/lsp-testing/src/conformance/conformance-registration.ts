/**
 * Registration checks: the provider's id and extension map follow the seam's rules, and the
 * seam's registry reserves them atomically, refuses conflicts and invalid variants without
 * publishing anything, selects the provider by extension and releases everything on dispose.
 */
import { isDeepStrictEqual } from 'node:util'
import { throwsWith, rejectsWith, type Harness } from './conformance-harness.js'
import { preview } from './conformance-shapes.js'
import type { LspProviderId, LspProviderQuery, LspService } from '@agent-lsp/lsp'
import { ConformanceError, type ConformanceCase, type ConformanceProvider } from './conformance-types.js'

/** An extension no real language uses, for stubs that must not collide with the provider. */
const FREE_EXTENSION = '.agent-lsp-conformance'

const validExtension = /^\.[a-z0-9_+-]+$/

function stub(id: string, extensionToLanguage: Record<string, string>): ConformanceProvider {
  return { id: id as LspProviderId, extensionToLanguage, query: () => Promise.reject(new Error('the conformance stub is never asked')) }
}

function sameListing(service: LspService, expected: unknown, what: string): void {
  const listed = service.providers()
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(listed)), expected)) {
    throw new ConformanceError(`${what}: providers() lists ${preview(listed)}, expected ${preview(expected)}`)
  }
}

export function registrationCases<P extends ConformanceProvider>(harness: Harness<P>): ConformanceCase[] {
  const { seam } = harness.options
  const isLspError = (value: unknown) => seam.LspError.isInstance(value)
  const fresh = () => seam.createLspService()
  const listingOf = (provider: ConformanceProvider) => [
    { id: provider.id, extensions: Object.keys(provider.extensionToLanguage).sort(), fileNames: Object.keys(provider.fileNameToLanguage ?? {}).sort() },
  ]
  /** A service with the provider registered, for checks that run beside it. */
  const withProvider = async (check: (service: LspService, provider: P, release: () => void) => Promise<void> | void) => {
    const { provider } = await harness.ready()
    const service = fresh()
    try {
      const release = service.registerProvider(provider)
      await check(service, provider, release)
    } finally {
      service.dispose()
    }
  }
  const unavailable = (service: LspService, extension: string, what: string) =>
    rejectsWith(
      isLspError,
      service.query({ operation: 'documentSymbol', filePath: `file${extension}`, workspaceRoot: '/' }),
      'LSP_UNAVAILABLE',
      what,
    )

  return [
    {
      name: 'has a valid id and extension map that stay the same',
      run: async () => {
        const { provider } = await harness.ready()
        const { id, extensionToLanguage: map } = provider
        if (typeof id !== 'string' || id.trim() === '' || id !== id.trim()) throw new ConformanceError(`id must be a non-empty string without surrounding spaces (got ${preview(id)})`)
        const entries = Object.entries(map)
        if (entries.length === 0) throw new ConformanceError('extensionToLanguage maps no extension')
        for (const [extension, languageId] of entries) {
          if (!validExtension.test(extension)) throw new ConformanceError(`extension ${preview(extension)} must be lowercase with a leading dot, like ".ts"`)
          if (typeof languageId !== 'string' || languageId.trim() === '') throw new ConformanceError(`extension ${extension} maps to no language id (got ${preview(languageId)})`)
        }
        if (provider.id !== id || JSON.stringify(provider.extensionToLanguage) !== JSON.stringify(map)) {
          throw new ConformanceError('id and extensionToLanguage must read the same every time')
        }
      },
    },
    {
      name: 'registers and is listed with its extensions, sorted',
      run: () => withProvider((service, provider) => sameListing(service, listingOf(provider), 'after registerProvider')),
    },
    {
      name: 'is selected by extension, whatever the registration order, with the mapped languageId',
      run: async () => {
        const { provider } = await harness.ready()
        const operation = harness.claimed[0]!
        const expected = await harness.request(operation)
        for (const order of ['before', 'after']) {
          const seen: LspProviderQuery[] = []
          const spy: ConformanceProvider = {
            id: provider.id,
            extensionToLanguage: provider.extensionToLanguage,
            query: (request, signal) => {
              seen.push(request)
              return provider.query(request, signal)
            },
          }
          const service = fresh()
          try {
            const other = stub('agent-lsp-conformance-other', { [FREE_EXTENSION]: 'plaintext' })
            if (order === 'before') service.registerProvider(other)
            service.registerProvider(spy)
            if (order === 'after') service.registerProvider(other)
            const { languageId: _languageId, ...caller } = expected
            await service.query(caller as never)
            if (seen.length !== 1) throw new ConformanceError(`registered ${order} another provider: the provider was asked ${seen.length} times, expected once`)
            if (!isDeepStrictEqual(seen[0], expected)) throw new ConformanceError(`the provider received ${preview(seen[0])}, expected ${preview(expected)}`)
          } finally {
            service.dispose()
          }
        }
      },
    },
    {
      name: 'a second provider with its id conflicts, and nothing of it is published',
      run: () =>
        withProvider(async (service, provider) => {
          throwsWith(isLspError, () => service.registerProvider(provider), 'LSP_CONFLICT', 'registering the same provider twice')
          throwsWith(isLspError, () => service.registerProvider(stub(provider.id, { [FREE_EXTENSION]: 'plaintext' })), 'LSP_CONFLICT', 'registering another provider with the same id')
          sameListing(service, listingOf(provider), 'after the conflicts')
          await unavailable(service, FREE_EXTENSION, 'the conflicting provider\'s own extension')
        }),
    },
    {
      name: 'a provider claiming one of its extensions conflicts, and none of its extensions is published',
      run: () =>
        withProvider(async (service, provider) => {
          for (const extension of Object.keys(provider.extensionToLanguage)) {
            const clash = stub('agent-lsp-conformance-clash', { [FREE_EXTENSION]: 'plaintext', [extension]: 'plaintext' })
            throwsWith(isLspError, () => service.registerProvider(clash), 'LSP_CONFLICT', `another provider claiming ${extension}`)
          }
          sameListing(service, listingOf(provider), 'after the conflicts')
          await unavailable(service, FREE_EXTENSION, 'the conflicting provider\'s free extension')
        }),
    },
    {
      name: 'invalid ids and extensions are refused with LSP_INVALID_PROVIDER, publishing nothing',
      run: async () => {
        const { provider } = await harness.ready()
        const [extension, languageId] = Object.entries(provider.extensionToLanguage)[0] ?? ['.x', 'x']
        const query = provider.query.bind(provider)
        const variants: [string, ConformanceProvider][] = [
          ['an empty id', { id: '' as LspProviderId, extensionToLanguage: provider.extensionToLanguage, query }],
          ['an id with surrounding spaces', { id: ` ${provider.id} ` as LspProviderId, extensionToLanguage: provider.extensionToLanguage, query }],
          ['no extensions', { id: provider.id, extensionToLanguage: {}, query }],
          ['an uppercase extension', { id: provider.id, extensionToLanguage: { [FREE_EXTENSION]: 'x', [extension.toUpperCase()]: languageId }, query }],
          ['an extension without its dot', { id: provider.id, extensionToLanguage: { [FREE_EXTENSION]: 'x', [extension.slice(1)]: languageId }, query }],
          ['a two-part extension', { id: provider.id, extensionToLanguage: { [FREE_EXTENSION]: 'x', [`.d${extension}`]: languageId }, query }],
          ['an empty language id', { id: provider.id, extensionToLanguage: { [FREE_EXTENSION]: 'x', [extension]: '' }, query }],
        ]
        const service = fresh()
        try {
          for (const [what, variant] of variants) {
            throwsWith(isLspError, () => service.registerProvider(variant), 'LSP_INVALID_PROVIDER', `a provider with ${what}`)
            sameListing(service, [], `after refusing a provider with ${what}`)
          }
          await unavailable(service, FREE_EXTENSION, 'an extension of a refused provider')
          service.registerProvider(provider)
          sameListing(service, listingOf(provider), 'registering the valid provider after the refusals')
        } finally {
          service.dispose()
        }
      },
    },
    {
      name: 'the disposer releases the id and every extension, once',
      run: () =>
        withProvider(async (service, provider, release) => {
          release()
          sameListing(service, [], 'after the disposer ran')
          for (const extension of Object.keys(provider.extensionToLanguage)) await unavailable(service, extension, `${extension} after the disposer ran`)
          const successor = stub(provider.id, { ...provider.extensionToLanguage })
          service.registerProvider(successor)
          release()
          sameListing(service, listingOf(successor), 'after a second call of the first disposer')
        }),
    },
  ]
}
