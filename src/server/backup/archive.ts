import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../errors'
import { BACKUP_FORMAT_VERSION, MANIFEST_FILE, parseManifest, type Manifest, type ManifestEntry } from './manifest'

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file), hash)
  return hash.digest('hex')
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  let found: fs.Dirent[]
  try {
    found = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/**
 * Writes the staged files of a backup as one gzipped tar, manifest first, with every file's size
 * and SHA-256 in the manifest. The archive appears under its name only once complete.
 */
export async function writeArchive(
  stagingDir: string,
  manifest: Omit<Manifest, 'entries'>,
  output: string,
): Promise<{ bytes: number; entries: ManifestEntry[] }> {
  const files = (await listFiles(stagingDir)).filter((file) => file !== MANIFEST_FILE)
  const entries: ManifestEntry[] = []
  for (const file of files) {
    const full = path.join(stagingDir, file)
    entries.push({ path: file, size: (await fs.promises.stat(full)).size, sha256: await sha256Of(full) })
  }
  await fs.promises.writeFile(path.join(stagingDir, MANIFEST_FILE), JSON.stringify({ ...manifest, entries }, null, 2))
  await fs.promises.mkdir(path.dirname(output), { recursive: true })
  const partial = `${output}.partial`
  // Imported here, as every library only a rare task needs (decision 0103).
  const tar = await import('tar')
  try {
    // The archive holds password hashes and the auth secret: readable by its owner only.
    await fs.promises.writeFile(partial, '', { mode: 0o600 })
    await tar.create({ gzip: true, file: partial, cwd: stagingDir, portable: true }, [MANIFEST_FILE, ...files])
    await fs.promises.rename(partial, output)
  } catch (error) {
    await fs.promises.rm(partial, { force: true })
    throw error
  }
  return { bytes: (await fs.promises.stat(output)).size, entries }
}

const damaged = (file: string, why: string) =>
  new AppError('BAD_REQUEST', `${file} is not a usable backup: ${why}. Nothing was changed.`)

/**
 * Unpacks a backup into `into` (a new directory) and checks it whole before anything else is
 * touched: the gzip and tar framing, the manifest, and that the files are exactly the manifest's,
 * each with its size and SHA-256.
 */
export async function openArchive(file: string, into: string): Promise<Manifest> {
  try {
    if (!(await fs.promises.stat(file)).isFile()) throw damaged(file, 'it is not a file')
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('NOT_FOUND', `${file} was not found. Nothing was changed.`)
  }
  await fs.promises.mkdir(into, { recursive: true })
  const tar = await import('tar')
  try {
    // strict: a damaged gzip stream or tar header is an error, not a warning with a partial result.
    await tar.extract({ file, cwd: into, strict: true })
  } catch (error) {
    throw damaged(file, `the archive cannot be read (${(error as Error).message})`)
  }
  let manifestText: string
  try {
    manifestText = await fs.promises.readFile(path.join(into, MANIFEST_FILE), 'utf8')
  } catch {
    throw damaged(file, 'it has no manifest, so it was not made by npm run backup')
  }
  const manifest = parseManifest(manifestText)
  if (!manifest) throw damaged(file, 'its manifest cannot be read')
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw damaged(file, `it was made by a newer version of the portal (backup format ${manifest.formatVersion})`)
  }
  const present = (await listFiles(into)).filter((entry) => entry !== MANIFEST_FILE)
  const listed = manifest.entries.map((entry) => entry.path).sort()
  const missing = listed.filter((entry) => !present.includes(entry))
  const extra = present.filter((entry) => !listed.includes(entry))
  if (missing.length > 0) throw damaged(file, `${missing[0]} is missing from it`)
  if (extra.length > 0) throw damaged(file, `${extra[0]} is in it but not in its manifest`)
  for (const entry of manifest.entries) {
    const full = path.join(into, entry.path)
    const size = (await fs.promises.stat(full)).size
    if (size !== entry.size || (await sha256Of(full)) !== entry.sha256) {
      throw damaged(file, `${entry.path} does not match its checksum`)
    }
  }
  return manifest
}
