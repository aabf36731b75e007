import { siteConfig } from '../../../lib/site-config'

/**
 * Title, description and Open Graph tags. React hoists them into <head>; the prerendered HTML
 * carries them too, so link previews and search engines see them without running JavaScript.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteConfig.courseName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
    </>
  )
}
