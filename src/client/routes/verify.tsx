import { useParams } from 'react-router'
import { siteConfig } from '../lib/site-config'

/** Public certificate verification. Arrives with the course work. */
export default function VerifyPage() {
  const { certificateId } = useParams()
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`Verify Certificate - ${siteConfig.shortName}`}</title>
      <h1 className="text-2xl font-bold">Certificate {certificateId}</h1>
    </main>
  )
}
