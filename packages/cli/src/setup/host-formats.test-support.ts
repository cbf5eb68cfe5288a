// Test support (not exported): each agent host's config format as its documentation gives it,
// strict (a key the host does not document fails), for the entries `agent-lsp setup` writes.
import { z } from 'zod'

const stdio = { command: z.string().min(1), args: z.array(z.string()) }
const env = z.record(z.string(), z.string())

/** Claude Code `.mcp.json` (docs: "Project scope", `mcpServers` with `type`, `command`, `args`, `env`). */
export const claudeMcpJson = z.strictObject({ mcpServers: z.record(z.string(), z.strictObject({ type: z.literal('stdio').optional(), ...stdio, env: env.optional() })) })
/** Claude Code `.claude/settings.json` hooks (docs: hooks reference, `PreToolUse` matchers of command hooks). */
export const claudeSettingsHooks = z.object({
  hooks: z.object({ PreToolUse: z.array(z.strictObject({ matcher: z.string(), hooks: z.array(z.strictObject({ type: z.literal('command'), command: z.string(), timeout: z.number().positive().optional() })) })) }),
})
/** Codex CLI `config.toml` (docs: `[mcp_servers.<name>]` with `command`, `args`, `env`, `startup_timeout_sec`, …). */
export const codexToml = z.object({ mcp_servers: z.record(z.string(), z.strictObject({ ...stdio, env: env.optional(), startup_timeout_sec: z.number().optional(), tool_timeout_sec: z.number().optional(), cwd: z.string().optional() })) })
/** Cursor `.cursor/mcp.json` (docs: `mcpServers` with `command`, `args`, `env`). */
export const cursorMcpJson = z.strictObject({ mcpServers: z.record(z.string(), z.strictObject({ type: z.literal('stdio').optional(), ...stdio, env: env.optional() })) })
/** VS Code `.vscode/mcp.json` (docs: `servers` with `type: "stdio"`, `command`, `args`, `env`, `envFile`; `inputs`). */
export const vscodeMcpJson = z.strictObject({
  servers: z.record(z.string(), z.strictObject({ type: z.literal('stdio'), ...stdio, env: env.optional(), envFile: z.string().optional() })),
  inputs: z.array(z.unknown()).optional(),
})
/** Zed `settings.json` (docs: `context_servers` with `command`, `args`, `env`). */
export const zedSettings = z.object({ context_servers: z.record(z.string(), z.strictObject({ ...stdio, env: env.optional() })) })
/** Gemini CLI `.gemini/settings.json` (docs: `mcpServers` with `command`, `args`, `env`, `cwd`, `timeout`, `trust`). */
export const geminiSettings = z.object({
  mcpServers: z.record(z.string(), z.strictObject({ ...stdio, env: env.optional(), cwd: z.string().optional(), timeout: z.number().optional(), trust: z.boolean().optional() })),
})
