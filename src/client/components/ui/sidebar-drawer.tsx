import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

type SidebarDrawerProps = { id: string; label: string; open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }

/** The side menu under 768 px: an off-canvas drawer that traps focus and closes on Escape. */
export default function SidebarDrawer({ id, label, open, onOpenChange, children }: SidebarDrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl"
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
