import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create, toBinary } from '@bufbuild/protobuf'
import { DocumentSchema, IndexSchema, MetadataSchema, SymbolInformationSchema, ToolInfoSchema } from '@c4312/scip/scip_pb.js'
import { afterAll, describe, expect, it } from 'vitest'
import { readScipIndex } from './load.js'

const made: string[] = []
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('readScipIndex', () => {
  it('decodes a string that is not UTF-8 (a lone surrogate as scip-typescript writes it) with U+FFFD, not as an invalid index', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-load-')))
    made.push(dir)
    const index = create(IndexSchema, {
      metadata: create(MetadataSchema, { toolInfo: create(ToolInfoSchema, { name: 'scip-typescript', version: '0.4.0' }) }),
      documents: [create(DocumentSchema, { relativePath: 'src/a.ts', symbols: [create(SymbolInformationSchema, { symbol: 'local 0', documentation: ['aZZZb'] })] })],
    })
    const bytes = toBinary(IndexSchema, index)
    // `ZZZ` becomes ED A0 80: U+D800 encoded as if it were a character (CESU-8), not UTF-8.
    const at = Buffer.from(bytes).indexOf('ZZZ')
    bytes.set([0xed, 0xa0, 0x80], at)
    await writeFile(join(dir, 'index.scip'), bytes)
    const { index: read } = await readScipIndex(join(dir, 'index.scip'), dir)
    expect(read.documents[0]?.symbols[0]?.documentation).toEqual(['a\uFFFD\uFFFD\uFFFDb'])
    expect((await readFile(join(dir, 'index.scip'))).length).toBe(bytes.length)
  })
})
