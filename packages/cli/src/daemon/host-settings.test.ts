import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { hostBudget, hostIdleMs } from './host-settings.js'

describe('host settings from the environment', () => {
  it('reads the budget: megabytes of servers\' memory and a count, by default half the machine and 32', () => {
    expect(hostBudget({ AGENT_LSP_HOST_MAX_MEMORY_MB: '2048', AGENT_LSP_HOST_MAX_SERVERS: '4' })).toEqual({ maxMemoryBytes: 2048 * 1024 * 1024, maxServers: 4, checkMs: 10_000 })
    expect(hostBudget({})).toEqual({ maxMemoryBytes: Math.round(os.totalmem() / 2 / 1024 / 1024) * 1024 * 1024, maxServers: 32, checkMs: 10_000 })
    expect(hostIdleMs({ AGENT_LSP_HOST_IDLE_SECONDS: '1.5' })).toBe(1500)
  })

  it('refuses what is not a number, naming the variable', () => {
    expect(() => hostBudget({ AGENT_LSP_HOST_MAX_MEMORY_MB: '2G' })).toThrow('AGENT_LSP_HOST_MAX_MEMORY_MB must be a number of megabytes (got "2G")')
    expect(() => hostIdleMs({ AGENT_LSP_HOST_IDLE_SECONDS: '-1' })).toThrow('AGENT_LSP_HOST_IDLE_SECONDS must be a number of seconds (got "-1")')
  })
})
