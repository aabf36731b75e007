import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder (the one with package.json): the server runs from its sources
 * (src/server, under tsx in tests and `npm run dev`) and from its bundle (dist/server, `npm start`),
 * so files it reads beside the code (migrations, the client build) are found from here.
 */
export const projectRoot = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`)
  }
})()
