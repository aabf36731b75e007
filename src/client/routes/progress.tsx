import { pageTitle } from '../lib/site-config'

/** Your Progress. The figures arrive with the course work. */
export default function ProgressPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{pageTitle('Your Progress')}</title>
      <meta name="description" content="Track your CRM course progress and continue where you left off." />
      <h1 className="text-3xl font-bold">Your Progress</h1>
    </div>
  )
}
