import type { ReactNode } from 'react'

type DataTableProps = {
  caption: string
  headings: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}

/** A chart's numbers as a plain table: the first column names the row, the others are numbers. */
export function DataTable({ caption, headings, rows }: DataTableProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
        <tr>
          {headings.map((heading, index) => (
            <th key={heading} scope="col" className={index === 0 ? 'p-2 text-left font-medium' : 'p-2 text-right font-medium'}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...cells], index) => (
          <tr key={index} className="border-b last:border-0">
            <th scope="row" className="p-2 text-left font-normal">
              {name}
            </th>
            {cells.map((cell, cellIndex) => (
              <td key={cellIndex} className="p-2 text-right tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
