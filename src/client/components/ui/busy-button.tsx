import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'
import { Button } from './button'

/**
 * A button whose action is under way. It stays focusable (aria-disabled, not disabled): a disabled
 * button drops the keyboard focus to the page, and after an error the user would have to find
 * their place again. Its click handler must ignore clicks while busy.
 */
export function BusyButton({ isBusy, className, ...props }: ComponentProps<typeof Button> & { isBusy: boolean }) {
  return <Button aria-disabled={isBusy || undefined} className={cn('aria-disabled:cursor-wait aria-disabled:opacity-60', className)} {...props} />
}
