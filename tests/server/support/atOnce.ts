/** Many requests that reach the server at the same moment, to test what must hold in parallel. */
import { connect, type Socket } from 'node:net'

const open = (port: number, host: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, host, () => resolve(socket))
    socket.once('error', reject)
  })

/** The status of an answer read to its end (the request says `Connection: close`). */
const statusOf = (socket: Socket) =>
  new Promise<number>((resolve, reject) => {
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.once('error', reject)
    socket.once('end', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]
      if (status) resolve(Number(status))
      else reject(new Error(`No HTTP answer: ${text.slice(0, 80)}`))
    })
  })

/**
 * Sends `count` raw HTTP/1.1 requests (`request(i)`, with `Connection: close`) at once: every connection is open
 * before the first request is written, and all are written in one go, so the server reads them before it has
 * answered any (fetch opens its connections one after another, and the first requests are answered meanwhile).
 * The statuses, in the order of the requests.
 */
export async function atOnce(base: string, count: number, request: (index: number) => string): Promise<number[]> {
  const { hostname, port } = new URL(base)
  const sockets = await Promise.all(Array.from({ length: count }, () => open(Number(port), hostname)))
  const statuses = sockets.map(statusOf)
  sockets.forEach((socket, index) => socket.write(request(index)))
  return Promise.all(statuses)
}
