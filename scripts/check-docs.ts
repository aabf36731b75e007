// Part of `npm run lint`: the checks that keep the docs and the code's shape from drifting
// (docs/decisions/0080-docs-that-cannot-drift.md).
//   - every relative Markdown link in README.md, CONTRIBUTING.md and docs/ leads to a file;
//   - every repository path named there (src/…, docs/…, scripts/…) or in a code comment of src/,
//     scripts/, bench/ or e2e/ exists;
//   - no client source file is over 250 lines, and README.md is at most 150.
// Prints each problem as `file:line: what`, and exits with 1 when there is one.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const MAX_CLIENT_FILE_LINES = 250
export const MAX_README_LINES = 150

export type Problem = { file: string; line: number; message: string }

/** The folders whose names start a repository path in prose or a comment. */
const ROOTS = ['src', 'docs', 'scripts', 'bench', 'e2e', 'drizzle', '.ci']
const CODE_DIRS = ['src', 'scripts', 'bench', 'e2e']
const CODE_FILE = /\.(ts|tsx|mjs|cjs|js)$/
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git'])

/**
 * A repository path: one of ROOTS, a slash, then a path's characters, a glob's and a placeholder's
 * included (so `fixtures/evidence*.json` is read whole, and passes as a glob). Not when it
 * continues a URL or another path (`https://x/docs/…`, `server/src/…`).
 */
const PATH_PATTERN = new RegExp(String.raw`(?<![\w./:@~-])(?:${ROOTS.map((root) => root.replace('.', '\\.')).join('|')})/[\w./@*<>{}-]*`, 'g')

/** Inline Markdown links and images: `[text](target)` and `![alt](target "title")`. */
const LINK_PATTERN = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g

function walk(root: string, dir: string, keep: (file: string) => boolean): string[] {
  const absolute = path.join(root, dir)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(root, relative, keep)
    return keep(relative) ? [relative] : []
  })
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

const isPlaceholder = (named: string) => /[<>*{}]|NNNN|…/.test(named)

const ignored = new Map<string, string[]>()
/** The folders .gitignore names outright (`bench/profiles/`). */
function ignoredFolders(root: string): string[] {
  if (!ignored.has(root)) {
    const file = path.join(root, '.gitignore')
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []
    ignored.set(root, lines.map((line) => line.trim()).filter((line) => /^[\w.][\w./-]*\/$/.test(line)))
  }
  return ignored.get(root)!
}

/**
 * Whether a named path is there. Placeholders (`<feature>`, `NNNN`, a glob) name no one file and
 * pass; a decision may be cited by its number alone (`docs/decisions/0031`).
 */
function pathExists(root: string, named: string): boolean {
  if (isPlaceholder(named)) return true
  const clean = named.replace(/[.,;:]+$/, '').replace(/:\d+$/, '')
  if (fs.existsSync(path.join(root, clean))) return true
  // What a command writes (bench/profiles/, dist/): ignored by git, so not there on a fresh clone.
  if (ignoredFolders(root).some((folder) => clean.startsWith(folder))) return true
  const decision = /^docs\/decisions\/(\d{4})$/.exec(clean.replace(/\/$/, ''))
  if (decision) return fs.readdirSync(path.join(root, 'docs/decisions')).some((file) => file.startsWith(`${decision[1]}-`))
  return false
}

function namedPaths(root: string, file: string, text: string, problems: Problem[]) {
  for (const match of text.matchAll(PATH_PATTERN)) {
    const named = match[0].replace(/[.,;:]+$/, '')
    // A folder named by its first segment alone ('src/' in prose) is there: only longer paths are checked.
    if (!named.includes('/') || /^[\w.]+\/$/.test(named)) continue
    if (!pathExists(root, named)) {
      problems.push({ file, line: lineAt(text, match.index), message: `names ${named}, which does not exist` })
    }
  }
}

/** Fenced code blocks keep their text (line numbers stay right) but their paths are a diagram's, not checked. */
const withoutFences = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))

function checkMarkdown(root: string, file: string, problems: Problem[]) {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const prose = withoutFences(text)
  for (const match of prose.matchAll(LINK_PATTERN)) {
    const target = match[1]!
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || isPlaceholder(target)) continue
    const targetPath = decodeURIComponent(target.replace(/[#?].*$/, ''))
    const resolved = targetPath.startsWith('/') ? targetPath.slice(1) : path.posix.join(path.posix.dirname(file), targetPath)
    if (!fs.existsSync(path.join(root, resolved))) {
      problems.push({ file, line: lineAt(text, match.index), message: `links to ${target}, which does not exist` })
    }
  }
  // Paths are named from the repository's root; a link's target was checked above.
  namedPaths(root, file, prose.replace(LINK_PATTERN, (link) => link.replace(/\([^)]*\)$/, (target) => ' '.repeat(target.length))), problems)
}

function commentsOf(file: string, text: string): { text: string; offset: number }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const seen = new Map<number, { text: string; offset: number }>()
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, { text: text.slice(range.pos, range.end), offset: range.pos })
  }
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos))
    add(ts.getTrailingCommentRanges(text, node.end))
    node.getChildren(source).forEach(visit)
  }
  visit(source)
  return [...seen.values()]
}

function checkCode(root: string, file: string, problems: Problem[]) {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  for (const comment of commentsOf(file, text)) {
    const found: Problem[] = []
    namedPaths(root, file, comment.text, found)
    const base = lineAt(text, comment.offset) - 1
    problems.push(...found.map((problem) => ({ ...problem, line: base + problem.line })))
  }
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

function checkLengths(root: string, problems: Problem[]) {
  for (const file of walk(root, 'src/client', (name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))) {
    const lines = lineCount(fs.readFileSync(path.join(root, file), 'utf8'))
    if (lines > MAX_CLIENT_FILE_LINES) {
      problems.push({ file, line: 1, message: `${lines} lines: a client source file has at most ${MAX_CLIENT_FILE_LINES} (split it along its seams)` })
    }
  }
  const readme = path.join(root, 'README.md')
  if (fs.existsSync(readme)) {
    const lines = lineCount(fs.readFileSync(readme, 'utf8'))
    if (lines > MAX_README_LINES) {
      problems.push({ file: 'README.md', line: 1, message: `${lines} lines: the README has at most ${MAX_README_LINES} (details go to docs/)` })
    }
  }
}

/** Every problem of the repository at `root`, in file order. */
export function checkDocs(root: string): Problem[] {
  const problems: Problem[] = []
  const markdown = [...['README.md', 'CONTRIBUTING.md'].filter((file) => fs.existsSync(path.join(root, file))), ...walk(root, 'docs', (name) => name.endsWith('.md'))]
  for (const file of markdown) checkMarkdown(root, file, problems)
  for (const dir of CODE_DIRS) for (const file of walk(root, dir, (name) => CODE_FILE.test(name))) checkCode(root, file, problems)
  checkLengths(root, problems)
  return problems
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const problems = checkDocs(root)
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`)
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s): fix the reference, or the file it names (docs/decisions/0080-docs-that-cannot-drift.md).`)
    process.exit(1)
  }
  console.log('docs: every link and named path exists; file lengths within their limits')
}
