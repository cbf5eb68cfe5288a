import { describe, expect, it } from 'vitest'
import { oneLine } from './one-line.js'

describe('oneLine', () => {
  it('joins lines, drops stack frames, and prints no tab or other control character', () => {
    expect(oneLine('boom\n    at f (a.js:1:2)')).toBe('boom')
    expect(oneLine('a\r\n  b')).toBe('a b')
    // gopls's refusal of a rename, as it sends it.
    expect(oneLine('renaming "Position" to "Place" would conflict:\tPos.Place\tdeclared here\n\tand\tPos.Position')).toBe(
      'renaming "Position" to "Place" would conflict: Pos.Place declared here and Pos.Position',
    )
    expect(oneLine('red \u001b[31mtext\u001b[0m\u0000 end\u000b\u000cx')).toBe('red [31mtext[0m end x')
  })
})
