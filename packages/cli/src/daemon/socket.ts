import net from 'node:net'
import { createMessageConnection, SocketMessageReader, SocketMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node'

/** How long a connection attempt to the socket may take before it counts as nobody answering (ms). */
const CONNECT_TIMEOUT_MS = 2_000

/** Connect to the Unix socket at `path`. Rejects with the connect error (`ENOENT`, `ECONNREFUSED`, …). */
export function connectSocket(path: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path)
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error(`no answer on ${path} within ${CONNECT_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' })), CONNECT_TIMEOUT_MS)
    socket.once('connect', () => {
      clearTimeout(timer)
      socket.removeAllListeners('error')
      resolve(socket)
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/** Whether a process accepts connections on `path` now. */
export async function socketAnswers(path: string): Promise<boolean> {
  try {
    ;(await connectSocket(path)).destroy()
    return true
  } catch {
    return false
  }
}

/** A JSON-RPC connection over `socket` (vscode-jsonrpc's `Content-Length` framing), listening. */
export function jsonRpcOver(socket: net.Socket): MessageConnection {
  const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket))
  connection.listen()
  return connection
}
