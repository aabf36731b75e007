import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { EditorField } from './editor-field'
import type { ModuleForm, TextItem } from './module-form'

/** What a section of the editor gets: the form, and a change to apply to it. */
export type SectionProps = { form: ModuleForm; onChange: (change: (form: ModuleForm) => ModuleForm) => void }

/** A card of the editor, a region named by its title. */
export function EditorSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card className="min-w-0" role="region" aria-labelledby={headingId}>
      <CardHeader className="max-sm:p-4">
        <CardTitle id={headingId}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4 max-sm:pb-4">{children}</CardContent>
    </Card>
  )
}

/** A lesson or a guide step: a group named by its heading, with its buttons beside the heading. */
export function ItemGroup({ label, controls, children }: { label: string; controls: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <div role="group" aria-labelledby={headingId} className="grid min-w-0 gap-5 rounded-lg border p-4 max-sm:p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {label}
        </h3>
        {controls}
      </div>
      {children}
    </div>
  )
}

/** One Markdown item of a list: its position as its label, its buttons beside it. */
export function TextItemField({
  name,
  label,
  item,
  update,
  controls,
  describedBy,
}: {
  name: string
  label: string
  item: TextItem
  update: (item: TextItem) => void
  controls: ReactNode
  describedBy: string
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-end justify-between gap-2">
        <span aria-hidden className="text-sm font-medium">
          {label}
        </span>
        {controls}
      </div>
      <EditorField
        name={name}
        label={label}
        hideLabel
        isShort
        kind="markdown"
        describedBy={describedBy}
        value={item.text}
        onChange={(text) => update({ ...item, text })}
      />
    </div>
  )
}

