// Figure 8's baseline: a bare node:http server piping one file (FILE) from disk, with the single
// byte range a video player asks for and nothing else: what serving it costs without the portal.
import fs from 'node:fs'
import http from 'node:http'

const file = process.env.FILE
const size = fs.statSync(file).size

const server = http.createServer((request, response) => {
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '')
  if (!match) {
    response.writeHead(200, { 'content-type': 'video/webm', 'content-length': size, 'accept-ranges': 'bytes' })
    fs.createReadStream(file).pipe(response)
    return
  }
  const start = Number(match[1])
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  response.writeHead(206, { 'content-type': 'video/webm', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}`, 'accept-ranges': 'bytes' })
  fs.createReadStream(file, { start, end }).pipe(response)
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`File server ready at http://127.0.0.1:${server.address().port}`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
