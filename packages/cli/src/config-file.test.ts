// Config files are validated against the schema, with errors that name the file, the line and the path.
import { describe, expect, it } from 'vitest'
import { parseConfigText } from './config-file.js'

function problem(text: string, file = '/w/agent-lsp.toml'): { code: string; message: string } {
  try {
    parseConfigText(text, file)
  } catch (error) {
    const { code, message } = error as { code: string; message: string }
    return { code, message }
  }
  throw new Error('expected the config to be refused')
}

const toml = (lines: string[]) => `${lines.join('\n')}\n`

describe('config files', () => {
  it('reads TOML [[servers]] tables and keeps every field', () => {
    const { config } = parseConfigText(
      toml([
        '[[servers]]',
        'id = "fake"',
        'command = "node"',
        'args = ["fake.js", "--stdio"]',
        'extensions = { ".fake" = "fake" }',
        'rootMarkers = ["fake.json"]',
        'initializationOptions = { verbose = true }',
        'env = { FAKE_LEVEL = "2" }',
        '',
        '[servers.settings.fake]',
        'depth = 3',
      ]),
      '/w/agent-lsp.toml',
    )
    expect(config).toEqual({
      servers: [
        {
          id: 'fake',
          command: 'node',
          args: ['fake.js', '--stdio'],
          extensions: { '.fake': 'fake' },
          rootMarkers: ['fake.json'],
          initializationOptions: { verbose: true },
          env: { FAKE_LEVEL: '2' },
          settings: { fake: { depth: 3 } },
        },
      ],
    })
  })

  it('names the line of a value of the wrong type, in the second [[servers]] table', () => {
    const text = toml(['# servers', '[[servers]]', 'id = "python"', 'args = ["--stdio"]', '', '[[servers]]', 'id = "fake"', 'command = 42', 'extensions = { ".fk" = "fake" }'])
    expect(problem(text)).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.toml:8: servers[1].command: expected string' })
  })

  it('refuses a relative trusted workspace, which would never match', () => {
    const text = toml(['trustedWorkspaces = [', '  "/home/me/shop",', '  "cfg",', ']'])
    expect(problem(text)).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.toml:1: trustedWorkspaces[1]: expected an absolute path or ~/…' })
  })

  it('names the table of a missing key, the line of an unknown key, and of a bad extension', () => {
    expect(problem(toml(['[[servers]]', 'id = "a"', '[[servers]]', 'command = "x"']))).toEqual({
      code: 'CONFIG_INVALID',
      message: '/w/agent-lsp.toml:3: servers[1].id: missing (expected string)',
    })
    expect(problem(toml(['[[servers]]', 'id = "python"', 'comand = "pyright"']))).toEqual({
      code: 'CONFIG_INVALID',
      message: '/w/agent-lsp.toml:3: servers[0].comand: unknown key (expected one of id, command, args, extensions, fileNames, rootMarkers, initializationOptions, settings, env, maxMemoryMB, enabled, disabledOperations, fallbacks)',
    })
    expect(problem(toml(['[[servers]]', 'id = "python"', '', '[servers.extensions]', '".PY" = "python"']))).toEqual({
      code: 'CONFIG_INVALID',
      message: '/w/agent-lsp.toml:5: servers[0].extensions[".PY"]: invalid key: expected a lowercase extension with a leading dot, like ".py"',
    })
    expect(problem(toml(['trustedWorkspaces = "/src"']))).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.toml:1: trustedWorkspaces: expected array' })
    expect(problem(toml(['[[servers]]', 'id = "python"', 'env = { A = 1 }']))).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.toml:3: servers[0].env.A: expected string' })
  })

  it('reports TOML syntax errors at their line', () => {
    expect(problem(toml(['[[servers]]', 'id = "python"', 'args = ["--stdio"', 'command = "x"']))).toEqual({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/^\/w\/agent-lsp\.toml:[34]: invalid TOML: /),
    })
    expect(problem(toml(['[[servers]]', 'id = ']))).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.toml:2: invalid TOML: invalid value' })
  })

  it('reads JSON the same way, with the same line-precise errors', () => {
    const json = ['{', '  "servers": [', '    { "id": "python" },', '    {', '      "id": "fake",', '      "command": ["node"]', '    }', '  ]', '}'].join('\n')
    expect(problem(json, '/w/agent-lsp.json')).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.json:6: servers[1].command: expected string' })
    expect(problem('{\n  "servers": [\n    { "id": "python", }\n  ]\n}\n', '/w/agent-lsp.json')).toEqual({
      code: 'CONFIG_INVALID',
      message: '/w/agent-lsp.json:3: invalid JSON: expected a string key, found "}"',
    })
    expect(problem('[]', '/w/agent-lsp.json')).toEqual({ code: 'CONFIG_INVALID', message: '/w/agent-lsp.json:1: expected object' })
    expect(parseConfigText('{ "servers": [ { "id": "python", "rootMarkers": ["setup.cfg"] } ] }', '/w/agent-lsp.json').config).toEqual({
      servers: [{ id: 'python', rootMarkers: ['setup.cfg'] }],
    })
  })
})
