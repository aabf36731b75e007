import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDocs, MAX_CLIENT_FILE_LINES, MAX_README_LINES } from './check-docs'

let root: string | undefined

/** A small repository: each key a file, each value its text. */
function fixture(files: Record<string, string>): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-docs-'))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true })
  root = undefined
})

const lines = (count: number) => Array.from({ length: count }, (_, index) => `// line ${index + 1}`).join('\n') + '\n'

const sound = {
  'README.md': 'Read [the guide](CONTRIBUTING.md) and [the map](docs/architecture.md#the-client).\n',
  'CONTRIBUTING.md': 'The server starts in `src/server/index.ts`; see [why](docs/decisions/0001-cookie-sessions.md).\n',
  'docs/architecture.md': '# Map\n\nBack to [the README](../README.md). A decision by number: docs/decisions/0001.\n',
  'docs/decisions/0001-cookie-sessions.md': '# 0001\n\nSee [the index](README.md), or [a section](#context), or [a site](https://example.com/docs/x).\n',
  'docs/decisions/README.md': 'Template: `docs/decisions/NNNN-<title>.md`, [NNNN-….md](NNNN-….md).\n',
  'src/server/index.ts': '// Opens what src/server/deps.ts declares.\nexport const start = "src/not/a/comment.ts"\n',
  'src/server/deps.ts': '/** The deps (docs/architecture.md). */\nexport type Deps = object\n',
  'src/client/app.tsx': lines(MAX_CLIENT_FILE_LINES),
  'src/client/app.test.tsx': lines(MAX_CLIENT_FILE_LINES + 50),
  'bench/index.ts': '// Writes its profiles to bench/profiles/, which git ignores; reads bench/figures/*.ts.\n',
  '.gitignore': 'node_modules/\nbench/profiles/\n',
}

describe('checkDocs', () => {
  it('passes a tree whose links and named paths all exist, with placeholders, anchors, URLs and ignored folders', () => {
    expect(checkDocs(fixture(sound))).toEqual([])
  })

  it('reports a broken Markdown link with its file and line', () => {
    const problems = checkDocs(fixture({ ...sound, 'docs/architecture.md': '# Map\n\nIntro.\n\nSee [the guide](guide.md) here.\n' }))
    expect(problems).toEqual([{ file: 'docs/architecture.md', line: 5, message: 'links to guide.md, which does not exist' }])
  })

  it('reports a path named in prose or in a code comment that does not exist, with its line', () => {
    const problems = checkDocs(
      fixture({
        ...sound,
        'CONTRIBUTING.md': 'Intro.\n\nCopy `src/server/services/profile.ts` for the shape.\n',
        'src/server/deps.ts': 'export type Deps = object\n\n/**\n * Read by src/server/runtime.ts.\n */\nexport const x = 1\n',
      }),
    )
    expect(problems).toEqual([
      { file: 'CONTRIBUTING.md', line: 3, message: 'names src/server/services/profile.ts, which does not exist' },
      { file: 'src/server/deps.ts', line: 4, message: 'names src/server/runtime.ts, which does not exist' },
    ])
  })

  it('reports a decision cited by a number no record has', () => {
    const problems = checkDocs(fixture({ ...sound, 'docs/architecture.md': 'See docs/decisions/0002.\n' }))
    expect(problems).toEqual([{ file: 'docs/architecture.md', line: 1, message: 'names docs/decisions/0002, which does not exist' }])
  })

  it('ignores the paths of a fenced code block (a diagram), not those after it', () => {
    const problems = checkDocs(
      fixture({ ...sound, 'docs/architecture.md': '```\nsrc/gone/file.ts\n```\n\nBut src/gone/other.ts is prose.\n' }),
    )
    expect(problems).toEqual([{ file: 'docs/architecture.md', line: 5, message: 'names src/gone/other.ts, which does not exist' }])
  })

  it('reports a client source file over the limit, and a README over its limit; tests may be longer', () => {
    const problems = checkDocs(
      fixture({ ...sound, 'src/client/app.tsx': lines(MAX_CLIENT_FILE_LINES + 1), 'README.md': lines(MAX_README_LINES + 1) }),
    )
    expect(problems).toEqual([
      {
        file: 'src/client/app.tsx',
        line: 1,
        message: `${MAX_CLIENT_FILE_LINES + 1} lines: a client source file has at most ${MAX_CLIENT_FILE_LINES} (split it along its seams)`,
      },
      { file: 'README.md', line: 1, message: `${MAX_README_LINES + 1} lines: the README has at most ${MAX_README_LINES} (details go to docs/)` },
    ])
  })
})
