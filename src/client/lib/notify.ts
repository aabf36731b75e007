import { toast } from 'sonner'

/** The portal's toasts: errors are titled 'Error' in the destructive style. */
export const notify = {
  error: (message: string) => toast.error('Error', { description: message }),
  success: (message: string, title?: string) =>
    title ? toast.success(title, { description: message }) : toast.success(message),
  info: (message: string) => toast.info(message),
}
