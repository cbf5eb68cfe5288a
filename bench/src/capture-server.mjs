// A stand-in language server that records what a client sends in `initialize` and exits:
// `node capture-server.mjs OUT.json`. The benchmark starts it under our provider to learn the
// exact client capabilities we send, so the raw client sends the same ones.
import { writeFileSync } from 'node:fs'

const [out] = process.argv.slice(2)
let buffer = Buffer.alloc(0)
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk])
  for (;;) {
    const headerEnd = buffer.indexOf('\r\n\r\n')
    if (headerEnd === -1) return
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString('ascii'))?.[1])
    if (buffer.length < headerEnd + 4 + length) return
    const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'))
    buffer = buffer.subarray(headerEnd + 4 + length)
    if (message.method === 'initialize') {
      writeFileSync(out, JSON.stringify(message.params))
      process.exit(0)
    }
  }
})
