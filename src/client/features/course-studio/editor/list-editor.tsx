import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import { useEditor } from './editor-context'
import { useListDrag } from './use-list-drag'

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

type ListEditorProps<Item extends { key: string }> = {
  /** The list's stable name: 'proTips', or 'lessons:<key>.keyPoints' for a lesson's key points. */
  name: string
  items: Item[]
  onChange: (items: Item[]) => void
  create: () => Item
  /** One item, in lower case: 'pro tip'. */
  noun: string
  /** Plural, in lower case: 'pro tips'. */
  nounPlural: string
  max: number
  /** The stable name of an item's first field: it takes the focus when the item is added. */
  firstField: (item: Item) => string
  /**
   * An item's fields. `label` names it by position ('Pro tip 2'); `controls` are its drag handle
   * and its Move up, Move down and Remove buttons, placed where the item wants them.
   */
  renderItem: (props: { item: Item; index: number; label: string; update: (item: Item) => void; controls: ReactNode }) => ReactNode
  /** Shown when the list is empty: what the learner's page does then. */
  emptyText: string
}

/**
 * A list of the module editor: add, remove, move up and move down, each named by the item's
 * position ('Move pro tip 2 up'), or drag an item by its handle (the mouse's way; the keyboard
 * has the buttons). The focus stays with what the admin acted on: a moved item's
 * button, the field of an added item, the item that takes a removed one's place (or Add); a
 * polite announcement says what happened where the focus alone would not.
 */
export function ListEditor<Item extends { key: string }>({
  name,
  items,
  onChange,
  create,
  noun,
  nounPlural,
  max,
  firstField,
  renderItem,
  emptyText,
}: ListEditorProps<Item>) {
  const { idFor, errorFor, touch, announce } = useEditor()
  const focusNext = useRef<string | undefined>(undefined)
  const itemId = (item: Item) => idFor(`${name}:${item.key}`)
  const addId = idFor(`${name}.add`)
  const error = errorFor(name)
  const errorId = `${idFor(name)}-error`
  const limitId = `${idFor(name)}-limit`
  const isFull = items.length >= max

  useLayoutEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = undefined
  })

  const moveTo = (item: Item, to: number) => {
    const next = items.filter((other) => other.key !== item.key)
    next.splice(to, 0, item)
    onChange(next)
    announce(`${capitalized(noun)} moved to position ${to + 1} of ${items.length}.`)
  }

  const drag = useListDrag((key, targetKey, side) => {
    const item = items.find((other) => other.key === key)
    const targetIndex = items.filter((other) => other.key !== key).findIndex((other) => other.key === targetKey)
    if (!item || targetIndex === -1) return
    const to = side === 'before' ? targetIndex : targetIndex + 1
    if (to !== items.indexOf(item)) moveTo(item, to)
  })

  const move = (index: number, by: -1 | 1) => {
    const to = index + by
    const item = items[index]
    if (!item || to < 0 || to >= items.length) return
    moveTo(item, to)
    // Keep the focus on the button pressed, or on the other one once the item reaches an end.
    const isAtEnd = by === -1 ? to === 0 : to === items.length - 1
    focusNext.current = `${itemId(item)}-${(by === -1) !== isAtEnd ? 'up' : 'down'}`
  }

  const remove = (index: number) => {
    const next = items.filter((_, at) => at !== index)
    onChange(next)
    touch(name)
    const takesItsPlace = next[index] ?? next[index - 1]
    focusNext.current = takesItsPlace ? idFor(firstField(takesItsPlace)) : addId
    announce(`${capitalized(noun)} ${index + 1} removed.`)
  }

  const add = () => {
    if (isFull) return
    const item = create()
    onChange([...items, item])
    focusNext.current = idFor(firstField(item))
  }

  return (
    <div className="grid gap-4">
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol className="grid gap-4">
          {items.map((item, index) => {
            const label = `${capitalized(noun)} ${index + 1}`
            const id = itemId(item)
            const indicator = drag.indicatorOf(item.key)
            const controls = (
              <div className="flex shrink-0 items-center gap-1">
                {/* The mouse's handle; the keyboard moves items with the buttons. */}
                <span
                  aria-hidden
                  title="Drag to move"
                  className="hidden cursor-grab touch-none px-1 text-muted-foreground active:cursor-grabbing sm:block"
                  {...drag.handleProps(item.key)}
                >
                  <GripVertical className="size-5" />
                </span>
                <Button
                  id={`${id}-up`}
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={`Move ${noun} ${index + 1} up`}
                  title="Move up"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  id={`${id}-down`}
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={`Move ${noun} ${index + 1} down`}
                  title="Move down"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 text-destructive hover:text-destructive"
                  aria-label={`Remove ${noun} ${index + 1}`}
                  title="Remove"
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            )
            return (
              <li
                key={item.key}
                id={id}
                {...drag.itemProps(item.key)}
                className={cn(
                  'relative',
                  drag.isDragging(item.key) && 'opacity-50',
                  indicator === 'before' && 'before:absolute before:inset-x-0 before:-top-2.5 before:h-1 before:rounded before:bg-primary',
                  indicator === 'after' && 'after:absolute after:inset-x-0 after:-bottom-2.5 after:h-1 after:rounded after:bg-primary',
                )}
              >
                {renderItem({
                  item,
                  index,
                  label,
                  controls,
                  update: (changed) => onChange(items.map((other) => (other.key === item.key ? changed : other))),
                })}
              </li>
            )
          })}
        </ol>
      )}
      <div className="grid justify-items-start gap-1">
        <Button id={addId} variant="outline" size="sm" onClick={add} disabled={isFull} aria-describedby={isFull ? limitId : undefined}>
          <Plus aria-hidden />
          Add {noun}
        </Button>
        {isFull && (
          <p id={limitId} className="text-sm text-muted-foreground">
            At most {max} {nounPlural}.
          </p>
        )}
      </div>
    </div>
  )
}
