// A mixin's method overrides, in a class combining it with another base, that base's method:
// `class JsonView(JsonMixin, Base)` runs JsonMixin.render for `self.render()` in Base.run (the MRO is
// JsonView, JsonMixin, Base; `python3 -c 'import mix; print(mix.main())'` prints `json`). pyright
// answers for the method asked only, and neither class derives from the other: incomingCalls of
// JsonMixin.render was "No callers", complete (the eighteenth trial; Django's and DRF's mixins).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const mix = {
  'mix.py': [
    'class Base:',
    '    def run(self):',
    '        return self.render()',
    '',
    '    def render(self):',
    '        return "base"',
    '',
    '',
    'class JsonMixin:',
    '    def render(self):',
    '        return "json"',
    '',
    '',
    'class JsonView(JsonMixin, Base):',
    '    pass',
    '',
    '',
    'class BaseFirst(Base, JsonMixin):',
    '    pass',
    '',
    '',
    'def main():',
    '    return JsonView().run()',
    '',
  ].join('\n'),
}

describe('a mixin method joins, through the class combining it with another base, that base’s method', () => {
  it('incomingCalls of the mixin method: the call in the other base', async () => {
    const root = await tempWorkspace(mix)
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'incomingCalls', symbol: 'JsonMixin.render' })).split('\n')).toEqual([
      'JsonMixin.render → mix.py:10:9',
      '1 caller of render',
      '← Function run  mix.py:3:21  return self.render()',
      'Joined: the calls of Base.render (mix.py:5:9, as JsonView combines them), which render overrides (a call of it on an instance may run this one); the server listed those of the method asked only.',
    ])
  })

  it('findReferences of either: both methods and the call', async () => {
    const root = await tempWorkspace(mix)
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'findReferences', symbol: 'JsonMixin.render' })).split('\n')).toEqual([
      'JsonMixin.render → mix.py:10:9',
      '3 references to render',
      'mix.py',
      '3:21  return self.render()',
      '5:9 10:9  def render(self):',
      'Joined: the references of Base.render (mix.py:5:9, as JsonView combines them), which render overrides; the server listed those of the method asked only.',
    ])
    expect((await tool.execute({ operation: 'findReferences', symbol: 'Base.render' })).split('\n')).toEqual([
      'Base.render → mix.py:5:9',
      '3 references to render',
      'mix.py',
      '3:21  return self.render()',
      '5:9 10:9  def render(self):',
      // Base.render overrides it in BaseFirst(Base, JsonMixin) (and is overridden by it in JsonView): a call of it may run Base.render.
      'Joined: the references of JsonMixin.render (mix.py:10:9, as BaseFirst combines them), which render overrides; the server listed those of the method asked only.',
    ])
  })
})
