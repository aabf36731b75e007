// The physical baseline: the least a Node HTTP server can do per request on this machine.
// `/bytes/<n>` answers n bytes instead, to tell the cost of a larger body from the app's own.
import http from 'node:http'

const bodies = new Map()
const server = http.createServer((request, response) => {
  const size = /^\/bytes\/(\d+)$/.exec(request.url ?? '')?.[1]
  if (size) {
    if (!bodies.has(size)) bodies.set(size, Buffer.alloc(Number(size), 'x'))
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(bodies.get(size))
    return
  }
  response.writeHead(200, { 'content-type': 'text/plain' })
  response.end('hello world')
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Baseline ready at http://127.0.0.1:${server.address().port}`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
