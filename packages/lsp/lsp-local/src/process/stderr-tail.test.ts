import { describe, expect, it } from 'vitest'
import { StderrTail } from './stderr-tail.js'

describe('StderrTail', () => {
  it('gives short output whole, on one line, without colours', () => {
    const tail = new StderrTail()
    tail.push('\x1b[31mfatal:\x1b[0m simulated stack overflow\n')
    tail.push('in resolver\n')
    expect(tail.summary()).toBe('fatal: simulated stack overflow | in resolver')
  })

  it('keeps the first line (the cause) and the latest lines of long output', () => {
    const tail = new StderrTail()
    tail.push("error: Unknown binary 'rust-analyzer' in official toolchain\n")
    for (let step = 0; step < 40; step++) tail.push(`retrying download of component ${step}\n`)
    const summary = tail.summary(160)
    expect(summary.startsWith("error: Unknown binary 'rust-analyzer' in official toolchain … …")).toBe(true)
    expect(summary.endsWith('retrying download of component 39')).toBe(true)
    expect(summary.length).toBeLessThanOrEqual(160)
  })

  // The summary ends up in a model's answer (LSP_SERVER_CRASHED): a stack trace there is noise it cannot act on.
  const frames = (from: number, to: number, frame: (n: number) => string): string => Array.from({ length: to - from + 1 }, (_, k) => `${frame(from + k)}\n`).join('')
  it.each([
    {
      crash: 'V8 out of memory',
      stderr: `\n<--- Last few GCs --->\n\n[27042:0x28ef9e20]      254 ms: Mark-Compact 16.0 (24.6) -> 15.5 (32.1) MB, 35.62 / 0.00 ms  allocation failure\n\n<--- JS stacktrace --->\n\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n----- Native stack trace -----\n\n${frames(1, 16, (n) => ` ${n}: 0x10fb205 v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace) [node]`)}`,
      summary: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    },
    {
      crash: 'a thrown Error',
      stderr: "/srv/server.js:12\n    throw new Error('no project')\n    ^\n\nError: no project\n    at load (/srv/server.js:12:11)\n    at Object.<anonymous> (/srv/server.js:20:1)\n\nNode.js v20.20.2\n",
      summary: "/srv/server.js:12 | throw new Error('no project') | ^ | Error: no project | Node.js v20.20.2",
    },
    {
      crash: 'a Rust panic, then a Python traceback',
      stderr: 'thread \'main\' panicked at crates/rust-analyzer/src/main.rs:9:5:\nno workspace\nstack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\nTraceback (most recent call last):\n  File "/srv/pylsp.py", line 3, in <module>\n    main()\nValueError: bad root\n',
      summary: "thread 'main' panicked at crates/rust-analyzer/src/main.rs:9:5: | no workspace | main() | ValueError: bad root",
    },
    {
      crash: 'clangd signalled (LLVM frames)',
      stderr: `Signalled during AST worker action: Build AST\nStack dump:\n0.\tProgram arguments: /usr/lib/llvm-14/bin/clangd\n${frames(0, 17, (n) => `#${n} 0x00007f4e618a5291 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea5291)`)}`,
      summary: 'Signalled during AST worker action: Build AST | 0.\tProgram arguments: /usr/lib/llvm-14/bin/clangd',
    },
    {
      crash: 'gopls quit (goroutines and registers)',
      stderr: 'SIGQUIT: quit\nPC=0x46ee01 m=0 sigcode=0\n\ngoroutine 0 [idle]:\nruntime.futex(0x1, 0x80)\n\t/usr/lib/go/src/runtime/sys_linux_amd64.s:557 +0x21 fp=0xc00005cd48\nrax    0xca\nrsi    0x80\nrbp    0x7f20a1b2c3d0\nrip    0x46ee01\nrflags 0x286\ncs     0x33\nfs     0x0\n',
      summary: 'SIGQUIT: quit | PC=0x46ee01 m=0 sigcode=0 | runtime.futex(0x1, 0x80)',
    },
  ])('leaves out stack frames and traces, what is left says why: $crash', ({ stderr, summary }) => {
    const tail = new StderrTail()
    tail.push(stderr)
    expect(tail.summary()).toBe(summary)
  })

  it('is empty when nothing was written', () => {
    expect(new StderrTail().summary()).toBe('')
  })
})
