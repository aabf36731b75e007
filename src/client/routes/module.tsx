import { useParams } from 'react-router'
import { findModule } from '../../shared/course/catalog'
import { pageTitle } from '../lib/site-config'
import NotFoundPage from './not-found'

/** One module. Its lessons and guide arrive with the course work. */
export default function ModulePage() {
  const module = findModule(Number(useParams().moduleNumber))
  if (!module) return <NotFoundPage />
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <title>{pageTitle(`Module ${module.moduleNumber}: ${module.title}`)}</title>
      <h1 className="text-3xl font-bold">
        Module {module.moduleNumber}: {module.title}
      </h1>
      <p className="text-muted-foreground">{module.description}</p>
    </div>
  )
}
