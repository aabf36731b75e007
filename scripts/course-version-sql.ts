// Writes drizzle/0011_course_guides_v3.sql, the data migration that publishes the seeded course's
// version 3, from its two fixtures: the edited guides (src/server/course/fixtures/modules-v3.json)
// and the knowledge checks (src/server/course/fixtures/knowledge-checks-v3.json). Run it after
// changing either fixture, before the migration is committed to main:
//   node --import tsx scripts/course-version-sql.ts
// src/server/course/seed.test.ts fails while the committed SQL differs from this output.
// Why it is published only on an untouched course: docs/decisions/0081-edited-guides-seeded-as-version-3.md.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Course } from '../src/shared/course/schema'

const root = path.resolve(import.meta.dirname, '..')
const fixtures = path.join(root, 'src/server/course/fixtures')
export const MIGRATION_FILE = path.join(root, 'drizzle/0011_course_guides_v3.sql')
export const VERSION_3_NOTE = 'Guides edited for a busy broker'

const readJson = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'))

/** Version 3's document: each module of modules-v3.json with its knowledge check. */
export function versionThreeDocument(): Course {
  const modules = readJson('modules-v3.json') as Course['modules']
  const checks = readJson('knowledge-checks-v3.json') as Record<string, Course['modules'][number]['knowledgeCheck']>
  return {
    modules: modules.map((module) => {
      const knowledgeCheck = checks[module.id]
      if (!knowledgeCheck) throw new Error(`knowledge-checks-v3.json has no check for ${module.id}`)
      return { ...module, knowledgeCheck }
    }),
  }
}

export function courseVersionSql(): string {
  const document = versionThreeDocument()
  const json = JSON.stringify(document, null, 2)
  if (json.includes('$course$')) throw new Error('The course text contains the SQL quote $course$')
  const moduleIds = document.modules.map((module) => `'${module.id}'`).join(', ')
  return `-- Data, written by scripts/course-version-sql.ts from src/server/course/fixtures/modules-v3.json and
-- knowledge-checks-v3.json: the course's third version, "${VERSION_3_NOTE}", each fact stated once
-- where it is used and the modules consistent with each other (docs/decisions/0081-edited-guides-seeded-as-version-3.md).
-- Published only where the course is still as the seed left it: version 2 live, published by the
-- seed, and every draft row untouched since (revision 2, by the seed, eight rows, none removed). Once an
-- owner has edited or published anything, nothing here runs, so an owner's work is never overwritten.
-- src/server/course/seed.test.ts compares the result with the fixtures.
INSERT INTO "course_version" ("version", "document", "module_ids", "note", "published_by_name")
SELECT 3, $course$${json}$course$::jsonb, ARRAY[${moduleIds}]::text[], '${VERSION_3_NOTE}', 'Seed'
WHERE (SELECT max("version") FROM "course_version") = 2
  AND EXISTS (
    SELECT 1 FROM "course_version"
    WHERE "version" = 2 AND "published_by" IS NULL AND "published_by_name" = 'Seed'
      AND "note" = 'Knowledge checks and deeper guides' AND "restored_from" IS NULL
  )
  AND (SELECT count(*) FROM "course_module_draft") = 8
  AND NOT EXISTS (
    SELECT 1 FROM "course_module_draft"
    WHERE "revision" <> 2 OR "is_removed" OR "updated_by" IS NOT NULL OR "updated_by_name" <> 'Seed'
  );
--> statement-breakpoint
-- The draft follows the version it was made from, as a publish leaves it.
UPDATE "course_module_draft"
SET "content" = "modules"."module" - 'id', "position" = "modules"."position"::integer, "revision" = 3,
    "updated_at" = "course_version"."published_at", "updated_by" = NULL, "updated_by_name" = 'Seed'
FROM "course_version", jsonb_array_elements("course_version"."document" -> 'modules') WITH ORDINALITY AS "modules" ("module", "position")
WHERE "course_version"."version" = 3 AND "course_version"."published_by_name" = 'Seed'
  AND "course_version"."note" = '${VERSION_3_NOTE}'
  AND "course_module_draft"."id" = "modules"."module" ->> 'id' AND "course_module_draft"."revision" = 2;
`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(MIGRATION_FILE, courseVersionSql())
  console.info(`wrote ${path.relative(root, MIGRATION_FILE)}`)
}
