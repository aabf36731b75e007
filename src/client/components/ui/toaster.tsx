import { lazy, Suspense, type CSSProperties } from 'react'
import { useToasterNeeded } from '../../lib/notify'

const Sonner = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })))

// Sonner's rich colours put green, blue and red text on pale tints below WCAG AA's 4.5:1;
// these darker shades of the same hues pass.
const accessibleColors = {
  '--success-text': 'hsl(140, 100%, 21%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 37%)',
} as CSSProperties

/** The toasts' region, mounted with the first toast (lib/notify). */
export function Toaster() {
  if (!useToasterNeeded()) return null
  return (
    <Suspense fallback={null}>
      <Sonner position="top-right" richColors closeButton toastOptions={{ duration: 5000 }} style={accessibleColors} />
    </Suspense>
  )
}
