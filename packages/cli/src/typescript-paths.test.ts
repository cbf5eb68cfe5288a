// More cases of the vertical-slice issue against the real typescript-language-server:
// LocationLink targets, URIs with special characters, .tsx language ids, and missing servers.
import { defaultServers } from './servers.js'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

describe('typescript-language-server answers', () => {
  it('lands on the name of a decorated method and of a documented arrow function (LocationLink targetSelectionRange)', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', experimentalDecorators: true }, include: ['src'] }),
      'src/audit.ts': [
        'export function logged(target: object, key: string,',
        '  desc: PropertyDescriptor): PropertyDescriptor {',
        '  return desc; }',
        '',
        'export class InvoiceService {',
        '  @logged',
        '  @logged',
        '  total(',
        '    lines: number[],',
        '  ): number {',
        '    return lines.reduce((a, b) => a + b, 0);',
        '  }',
        '}',
        '',
        '/**',
        ' * Rounds an amount to whole cents.',
        ' * @param amount - the amount in currency units',
        ' */',
        'export const roundCents = (amount: number): number =>',
        '  Math.round(amount * 100) / 100;',
        '',
      ].join('\n'),
      'src/main.ts':
        'import { InvoiceService, roundCents } from "./audit";\n\nconst svc = new InvoiceService();\nconsole.log(roundCents(svc.total([1.005, 2])));\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'src/main.ts:4:28')).toBe('total → src/audit.ts:8:3  total(')
    expect(await ask('goToDefinition', 'src/main.ts:4:13')).toBe(
      'roundCents → src/audit.ts:19:14  export const roundCents = (amount: number): number =>',
    )
  })

  it('finds references across paths with spaces, #, brackets and accents, shown as real paths', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022' }, include: ['app', 'lib'] }),
      'lib/shared code/réf#1.ts': 'export function formatOrderId(raw: string): string {\n  return raw.trim().toUpperCase();\n}\n',
      'app/orders/[orderId]/route.ts':
        'import { formatOrderId } from "../../../lib/shared code/réf#1";\n\nexport function GET(id: string): string {\n  return formatOrderId(id);\n}\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'lib/shared code/réf#1.ts:1:17')).toBe(
      grouped([
        '3 references to formatOrderId in 2 files',
        'app/orders/[orderId]/route.ts:1:10  import { formatOrderId } from "../../../lib/shared code/réf#1";',
        'app/orders/[orderId]/route.ts:4:10  return formatOrderId(id);',
        'lib/shared code/réf#1.ts:1:17  export function formatOrderId(raw: string): string {',
      ]),
    )
  })

  const badge = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', jsx: 'preserve' }, include: ['src'] }),
    'src/Badge.tsx': [
      'declare global { namespace JSX { interface IntrinsicElements { span: { className?: string; children?: unknown } } } }',
      '',
      'export function Badge(props: { label: string }) {',
      '  return <span className="badge">{props.label}</span>;',
      '}',
      '',
      'export function Header() {',
      '  return <Badge label={formatTitle("orders")} />;',
      '}',
      '',
      'function formatTitle(name: string): string {',
      '  return name.toUpperCase();',
      '}',
      '',
    ].join('\n'),
  }

  it('opens .tsx as typescriptreact, so JSX resolves', async () => {
    const root = await tempWorkspace(badge)
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'src/Badge.tsx:8:11')).toBe(
      'Badge → src/Badge.tsx:3:17  export function Badge(props: { label: string }) {',
    )
  })

  it('gets nothing when .tsx is opened as typescript: the language id matters', async () => {
    const root = await tempWorkspace(badge)
    const [typescript, ...others] = defaultServers()
    const wrong = { ...typescript!, extensionToLanguage: { ...typescript!.extensionToLanguage, '.tsx': 'typescript' } }
    const { ask } = toolOn(root, [wrong, ...others])
    expect(await ask('goToDefinition', 'src/Badge.tsx:8:11')).toBe('No definition found for Badge at src/Badge.tsx:8:11.')
  })
})

describe('nothing to run', () => {
  it('says no server is configured for .md', async () => {
    const root = await tempWorkspace({ 'README.md': '# Shop\n' })
    const { ask } = toolOn(root)
    await expect(ask('hover', 'README.md:1:3')).rejects.toMatchObject({
      code: 'LSP_UNAVAILABLE',
      message: 'no language server configured for .md',
    })
  })

  it('names a configured command that is not installed, and the next language still works', async () => {
    const root = await tempWorkspace({ 'a.ts': 'export const a = 1;\n', 'b.py': 'b = 1\n' })
    const [typescript, python] = defaultServers()
    const missing = { ...typescript!, command: 'typescript-language-server-not-installed', args: ['--stdio'] }
    const { ask } = toolOn(root, [missing, python!])
    await expect(ask('hover', 'a.ts:1:14')).rejects.toMatchObject({
      code: 'LSP_SERVER_NOT_FOUND',
      message:
        'language server "typescript" is not installed: command "typescript-language-server-not-installed" was not found (install: npm i typescript-language-server typescript@5)',
    })
    expect(await ask('hover', 'b.py:1:1')).toBe('```python\n(variable) b: Literal[1]\n```')
  })
})
