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
  it('leaves out stack frames and V8 garbage collection traces: what is left says why', () => {
    const oom = new StderrTail()
    oom.push('\n<--- Last few GCs --->\n\n[27042:0x28ef9e20]      254 ms: Mark-Compact 16.0 (24.6) -> 15.5 (32.1) MB, 35.62 / 0.00 ms  allocation failure\n\n<--- JS stacktrace --->\n\n')
    oom.push('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n----- Native stack trace -----\n\n')
    for (let frame = 1; frame <= 16; frame++) oom.push(` ${frame}: 0x10fb205 v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace) [node]\n`)
    expect(oom.summary()).toBe('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory')
    const thrown = new StderrTail()
    thrown.push("/srv/server.js:12\n    throw new Error('no project')\n    ^\n\nError: no project\n    at load (/srv/server.js:12:11)\n    at Object.<anonymous> (/srv/server.js:20:1)\n\nNode.js v20.20.2\n")
    expect(thrown.summary()).toBe("/srv/server.js:12 | throw new Error('no project') | ^ | Error: no project | Node.js v20.20.2")
    const panic = new StderrTail()
    panic.push("thread 'main' panicked at crates/rust-analyzer/src/main.rs:9:5:\nno workspace\nstack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n")
    panic.push('Traceback (most recent call last):\n  File "/srv/pylsp.py", line 3, in <module>\n    main()\nValueError: bad root\n')
    expect(panic.summary()).toBe("thread 'main' panicked at crates/rust-analyzer/src/main.rs:9:5: | no workspace | main() | ValueError: bad root")
    const segv = new StderrTail()
    segv.push('Signalled during AST worker action: Build AST\nStack dump:\n0.\tProgram arguments: /usr/lib/llvm-14/bin/clangd\n')
    segv.push('#0 0x00007f4e618a5291 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea5291)\n#17 0x000055d0c047bef1 (/usr/lib/llvm-14/bin/clangd+0x47bef1)\n')
    expect(segv.summary()).toBe('Signalled during AST worker action: Build AST | 0.\tProgram arguments: /usr/lib/llvm-14/bin/clangd')
    const quit = new StderrTail()
    quit.push('SIGQUIT: quit\nPC=0x46ee01 m=0 sigcode=0\n\ngoroutine 0 [idle]:\nruntime.futex(0x1, 0x80)\n\t/usr/lib/go/src/runtime/sys_linux_amd64.s:557 +0x21 fp=0xc00005cd48\n')
    quit.push('rax    0xca\nrsi    0x80\nrbp    0x7f20a1b2c3d0\nrip    0x46ee01\nrflags 0x286\ncs     0x33\nfs     0x0\ngs     0x0\n')
    expect(quit.summary()).toBe('SIGQUIT: quit | PC=0x46ee01 m=0 sigcode=0 | runtime.futex(0x1, 0x80)')
  })

  it('is empty when nothing was written', () => {
    expect(new StderrTail().summary()).toBe('')
  })
})
