import { cn } from '../../lib/utils'

/** An admin list table's header row: its column names, alike in every list. */
export function TableHead({ headings, cellClassName = 'p-2' }: { headings: readonly string[]; cellClassName?: string }) {
  return (
    <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={cn(cellClassName, 'font-medium')}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  )
}
