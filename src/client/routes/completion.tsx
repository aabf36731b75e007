import { pageTitle } from '../lib/site-config'

/** Completion and certificate. Arrives with the course work. */
export default function CompletionPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{pageTitle('Course Complete')}</title>
      <h1 className="text-3xl font-bold">Congratulations!</h1>
    </div>
  )
}
