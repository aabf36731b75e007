import { cn } from '../../lib/utils'

/**
 * A busy button stays focusable (aria-disabled, not disabled): a disabled button drops the
 * keyboard focus to the page, and after an error the admin would have to find their place again.
 * Its click handler ignores clicks while busy.
 */
export const busyButton = (isBusy: boolean, className?: string) => ({
  'aria-disabled': isBusy || undefined,
  className: cn('aria-disabled:cursor-wait aria-disabled:opacity-60', className),
})
