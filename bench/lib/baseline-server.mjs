// The physical baseline: the least a Node HTTP server can do per request on this machine.
// `PUT /replay` stores a response (JSON: headers and a base64 body) that `GET /replay` then
// answers with, byte for byte: what sending the app's response costs without the app's work.
import http from 'node:http'

let replay = { headers: { 'content-type': 'text/plain' }, body: Buffer.from('nothing stored') }

const server = http.createServer((request, response) => {
  if (request.url === '/replay' && request.method === 'PUT') {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const stored = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      replay = { headers: stored.headers, body: Buffer.from(stored.body, 'base64') }
      response.writeHead(204)
      response.end()
    })
    return
  }
  if (request.url === '/replay') {
    response.writeHead(200, replay.headers)
    response.end(replay.body)
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
