// Part of `npm run build`: each compressible file of the client build gets its gzip and brotli
// forms beside it, so the server's start reads them instead of making them (src/server/static.ts).
import fs from 'node:fs'
import path from 'node:path'
import { compressSync, isCompressible, isPrecompressedFile, precompressedFiles } from '../src/server/static'

const clientDir = path.resolve(import.meta.dirname, '../dist/client')
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name)
  if (!entry.isFile() || isPrecompressedFile(file)) continue
  const body = fs.readFileSync(file)
  if (!isCompressible(file, body)) continue
  const { gzip, br } = compressSync(body)
  const names = precompressedFiles(file)
  fs.writeFileSync(names.gzip, gzip)
  fs.writeFileSync(names.br, br)
}
