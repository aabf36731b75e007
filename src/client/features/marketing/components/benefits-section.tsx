import { CircleCheck } from 'lucide-react'
import { salesBenefits } from '../content'
import { PriceCard } from './price-card'

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-heading" className="bg-secondary/60 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary/80 uppercase">Why brokers choose it</p>
          <h2 id="benefits-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Run Your Whole Business From One System
          </h2>
          <ul className="mt-8 grid gap-4">
            {salesBenefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-lg">
                <CircleCheck aria-hidden className="mt-1 size-5 shrink-0 text-success" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
        <PriceCard />
      </div>
    </section>
  )
}
