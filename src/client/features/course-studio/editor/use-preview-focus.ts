import { useEffect, useRef } from 'react'

/**
 * Into the preview: start at its top, its banner focused. Back: the editor where it was, focus on
 * Preview. `rememberScroll` is called as the admin leaves for the preview.
 */
export function usePreviewFocus(isPreview: boolean) {
  const editorScroll = useRef(0)
  const previewHeading = useRef<HTMLParagraphElement>(null)
  const previewLink = useRef<HTMLAnchorElement>(null)
  const wasPreview = useRef(isPreview)
  useEffect(() => {
    if (wasPreview.current === isPreview) return
    wasPreview.current = isPreview
    if (isPreview) {
      window.scrollTo({ top: 0 })
      previewHeading.current?.focus()
    } else {
      window.scrollTo({ top: editorScroll.current })
      previewLink.current?.focus({ preventScroll: true })
    }
  }, [isPreview])
  return {
    previewHeading,
    previewLink,
    rememberScroll: () => {
      editorScroll.current = window.scrollY
    },
  }
}
