import type { Feature } from '../content'

/** Icon cards in a responsive grid; five cards centre their last row. */
export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-6">
      {features.map(({ icon: Icon, title, description }) => (
        <li
          key={title}
          className="w-full rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]"
        >
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon aria-hidden className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-muted-foreground">{description}</p>
        </li>
      ))}
    </ul>
  )
}
