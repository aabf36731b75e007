import { Play } from 'lucide-react'

/**
 * Where the video will play. Drawn locally, with its size fixed by the aspect ratio, so it
 * costs no request to the player's host and shifts nothing while the page loads.
 */
export function VideoPlaceholder({ title, note }: { title: string; note: string }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-primary-foreground/15 bg-primary shadow-2xl shadow-primary/30">
      <div className="relative flex aspect-video items-center justify-center bg-[radial-gradient(circle_at_30%_20%,oklch(0.5_0.1_255),transparent_60%),linear-gradient(135deg,oklch(0.3_0.07_255),oklch(0.22_0.05_260))]">
        <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-lg ring-8 ring-accent/25 sm:size-20">
          <Play className="ml-1 size-7 fill-current sm:size-9" />
        </span>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 bg-primary px-4 py-3 text-sm text-primary-foreground">
        <span className="font-medium">{title}</span>
        <span className="text-primary-foreground/80">{note}</span>
      </figcaption>
    </figure>
  )
}
