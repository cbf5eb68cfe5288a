// Done-when of issue 13 (Python half): on a real Python package (node-gyp 11.5.0's gyp, cut to the
// ten modules that import one another), the index (scip-python 0.6.6 through `agent-lsp index`)
// and the live server (pyright 1.1.414) answer the same reference and definition questions. pyright
// has no goToImplementation, so none is compared here (the TypeScript half compares three).
import { describe, expect, it } from 'vitest'
import { gypSubset, indexAndLive } from './index-vs-live.test-support.js'
import { copyGyp } from './real-codebases.test-support.js'

describe('index and live server on gyp (node-gyp 11.5.0)', () => {
  const ask = indexAndLive(() => gypSubset(copyGyp))

  it('findReferences of easy_xml.WriteXmlIfChanged: its definition and the three writers calling it', async () => {
    const both = ['gyp/MSVSProject.py:205:17-205:34', 'gyp/MSVSToolFile.py:56:17-56:34', 'gyp/MSVSUserFile.py:149:17-149:34', 'gyp/easy_xml.py:109:4-109:21']
    expect(await ask({ operation: 'findReferences', file: 'gyp/easy_xml.py', at: 'def WriteXmlIfChanged', offset: 4 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of easy_xml.XmlToString: the call inside its module and six in its tests', async () => {
    const both = [
      'gyp/easy_xml.py:11:4-11:15', 'gyp/easy_xml.py:120:17-120:28', 'gyp/easy_xml_test.py:20:21-20:32', 'gyp/easy_xml_test.py:25:21-25:32',
      'gyp/easy_xml_test.py:31:21-31:32', 'gyp/easy_xml_test.py:40:21-40:32', 'gyp/easy_xml_test.py:47:21-47:32', 'gyp/easy_xml_test.py:84:23-84:34',
    ]
    expect(await ask({ operation: 'findReferences', file: 'gyp/easy_xml.py', at: 'def XmlToString', offset: 4 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('findReferences of common.TopologicallySorted and common.GetFlavor, called as gyp.common.X in the tests', async () => {
    const sorted = ['gyp/common.py:659:4-659:23', 'gyp/common_test.py:30:26-30:45', 'gyp/common_test.py:50:46-50:65']
    expect(await ask({ operation: 'findReferences', file: 'gyp/common.py', at: 'def TopologicallySorted', offset: 4 })).toEqual({ index: sorted, live: sorted, complete: { index: true, live: true } })
    const flavor = ['gyp/common.py:512:4-512:13', 'gyp/common_test.py:67:38-67:47', 'gyp/common_test.py:115:40-115:49']
    expect(await ask({ operation: 'findReferences', file: 'gyp/common.py', at: 'def GetFlavor(', offset: 4 })).toEqual({ index: flavor, live: flavor, complete: { index: true, live: true } })
  })

  it('findReferences of the class OrderedSet: its definition and its use in its own module', async () => {
    const both = ['gyp/common.py:583:6-583:16', 'gyp/common.py:638:29-638:39']
    expect(await ask({ operation: 'findReferences', file: 'gyp/common.py', at: 'class OrderedSet', offset: 6 })).toEqual({ index: both, live: both, complete: { index: true, live: true } })
  })

  it('goToDefinition through a module attribute (gyp.common.RelativePath, easy_xml.WriteXmlIfChanged)', async () => {
    const relativePath = ['gyp/common.py:134:4-134:16']
    expect(await ask({ operation: 'goToDefinition', file: 'gyp/MSVSNew.py', at: 'common.RelativePath', offset: 7 })).toEqual({ index: relativePath, live: relativePath, complete: { index: true, live: true } })
    const write = ['gyp/easy_xml.py:109:4-109:21']
    expect(await ask({ operation: 'goToDefinition', file: 'gyp/MSVSProject.py', at: 'easy_xml.WriteXmlIfChanged', offset: 9 })).toEqual({ index: write, live: write, complete: { index: true, live: true } })
  })
})
