import { useState, type DragEvent } from 'react'

type DropAt = { key: string; side: 'before' | 'after' }

/**
 * Native drag and drop for one list of the module editor, by an item's handle: the handle arms
 * its item (only then is the item draggable, so text in its fields can still be selected), and
 * the list keeps the dragged item, where it would land and the drop. Lists nest (a question's
 * options, a lesson's key points): a list acts only on its own drags and stops them there, so the
 * list around it never sees them, while a drag of the outer list passes through the inner one.
 */
export function useListDrag(onMove: (key: string, targetKey: string, side: DropAt['side']) => void) {
  const [armed, setArmed] = useState<string | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const [dropAt, setDropAt] = useState<DropAt | null>(null)

  const end = () => {
    setArmed(null)
    setDragging(null)
    setDropAt(null)
  }

  const sideOf = (event: DragEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after'
  }

  /** `dragText`: what the drag carries as text (dropped outside the page, say). */
  const itemProps = (key: string, dragText = '') => ({
    draggable: armed === key,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      // An inner list's item started it: that list's own.
      if (event.target !== event.currentTarget) return
      event.stopPropagation()
      setDragging(key)
      event.dataTransfer.effectAllowed = 'move'
      event.dataTransfer.setData('text/plain', dragText)
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragging) return
      event.stopPropagation()
      event.preventDefault()
      event.dataTransfer.dropEffect = 'move'
      const side = sideOf(event)
      if (dropAt?.key !== key || dropAt.side !== side) setDropAt({ key, side })
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!dragging) return
      event.stopPropagation()
      event.preventDefault()
      const moved = dragging
      const side = sideOf(event)
      end()
      if (moved !== key) onMove(moved, key, side)
    },
    onDragEnd: (event: DragEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return
      end()
    },
  })

  const handleProps = (key: string) => ({
    onPointerDown: () => setArmed(key),
    onPointerUp: () => setArmed(null),
  })

  /** Where the drop indicator is drawn: before or after this item, or nowhere. */
  const indicatorOf = (key: string) => (dragging && dragging !== key && dropAt?.key === key ? dropAt.side : null)

  return { itemProps, handleProps, indicatorOf, isDragging: (key: string) => dragging === key }
}
