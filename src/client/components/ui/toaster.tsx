import type { CSSProperties } from 'react'
import { Toaster as Sonner } from 'sonner'

/** Sonner's rich-colour text is too light on its tinted backgrounds for WCAG AA (4.5:1); these pass. */
const readableColors = {
  '--success-text': 'hsl(140 100% 22%)',
  '--info-text': 'hsl(210 92% 35%)',
  '--warning-text': 'hsl(31 92% 30%)',
  '--error-text': 'hsl(360 100% 37%)',
} as CSSProperties

export function Toaster() {
  return <Sonner position="top-right" richColors closeButton style={readableColors} toastOptions={{ duration: 5000 }} />
}
