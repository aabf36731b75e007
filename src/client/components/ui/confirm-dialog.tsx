import type { ComponentProps, ReactElement, ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog'
import { BusyButton } from './busy-button'

type ConfirmDialogProps = {
  /** The button that opens it; none when something else opens it (`isOpen`). */
  trigger?: ReactElement
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  /** The confirmed action is under way: the dialog stays open, Cancel waits, the button ignores clicks. */
  isBusy?: boolean
  cancelLabel?: string
  variant?: 'destructive' | 'default'
  /** Where the focus goes when it closes, for an action that takes its trigger away with it. */
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus']
}

/**
 * The portal's one 'are you sure?': a title, what confirming does, Cancel and the action. The
 * caller owns the open state and closes it when the action has succeeded, so a failure leaves the
 * dialog up to try again or cancel.
 */
export function ConfirmDialog({
  trigger,
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isBusy = false,
  cancelLabel = 'Cancel',
  variant = 'destructive',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isBusy && onOpenChange(open)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>{cancelLabel}</AlertDialogCancel>
          <BusyButton variant={variant} isBusy={isBusy} onClick={() => !isBusy && onConfirm()}>
            {confirmLabel}
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
