import fs from 'node:fs'
import path from 'node:path'

/** A file or directory of DATA_DIR to replace, with its replacement (none: it goes away). */
export type Replacement = { name: string; from: string | undefined }

/**
 * Moves each current item of DATA_DIR aside into `asideDir` and the replacement into its place
 * (renames within one file system). If any step fails, the steps done are undone in reverse, so
 * DATA_DIR is left as it was. Returns the undo, for a caller whose next step fails.
 */
export async function swapIn(dataDir: string, asideDir: string, items: Replacement[]): Promise<() => Promise<void>> {
  await fs.promises.mkdir(asideDir, { recursive: true })
  const undo: (() => Promise<void>)[] = []
  const undoAll = async () => {
    for (const step of undo.reverse()) await step().catch(() => {})
  }
  try {
    for (const { name, from } of items) {
      const target = path.join(dataDir, name)
      const aside = path.join(asideDir, name)
      if (fs.existsSync(target)) {
        await fs.promises.rename(target, aside)
        undo.push(() => fs.promises.rename(aside, target))
      }
      if (from) {
        await fs.promises.rename(from, target)
        undo.push(() => fs.promises.rename(target, from))
      }
    }
  } catch (error) {
    await undoAll()
    throw error
  }
  return undoAll
}
