import { useEffect, useRef, type RefObject } from 'react'

type Props = { title: string; embedUrl: string; autoFocus?: boolean; frameRef?: RefObject<HTMLIFrameElement | null> }

/** A hosted video's player, at the address given; mounted only once the learner asks for it. */
export function VideoFrame({ title, embedUrl, autoFocus = false, frameRef }: Props) {
  const ownRef = useRef<HTMLIFrameElement>(null)
  const frame = frameRef ?? ownRef
  useEffect(() => {
    if (autoFocus) frame.current?.focus()
  }, [autoFocus, frame])
  return (
    <iframe
      ref={frame}
      src={embedUrl}
      title={`Video: ${title}`}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      className="aspect-video w-full rounded-lg border-0 bg-black"
    />
  )
}
