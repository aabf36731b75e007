import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'
import { courseFacts, withCourseFacts } from './src/shared/course/facts.ts'
import { parseSiteConfig } from './src/shared/site-config.ts'
import { rechartsScalesAsObject } from './scripts/recharts-scales-plugin.ts'
import seededCourse from './src/server/course/fixtures/course-as-of-2026-11.json' with { type: 'json' }

const site = parseSiteConfig(process.env)
if (!site.ok) throw new Error(`Invalid site configuration:\n  ${site.errors.join('\n  ')}`)

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  define: { __SITE_CONFIG__: JSON.stringify(site.config) },
  plugins: [
    react(),
    tailwindcss(),
    rechartsScalesAsObject(),
    {
      // `npm run dev`: Vite serves the shell, which the real server gives the published course's
      // facts (src/server/pages/public-pages.ts). Vite cannot read the database the API server
      // owns, so the public pages show the seeded course's counts here, whatever has been published.
      name: 'course-facts-in-development',
      apply: 'serve',
      transformIndexHtml: (html) => withCourseFacts(html, courseFacts(seededCourse.modules)),
    },
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Read by scripts/prerender.tsx (to preload a prerendered screen's chunks), then removed.
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
        // The sign-in page's own entry (src/client/sign-in.tsx), served prerendered at /auth.
        'sign-in': fileURLToPath(new URL('src/client/sign-in.html', import.meta.url)),
        // The Welcome and sales pages' only script (src/client/public-page.ts): no framework.
        'public-page': fileURLToPath(new URL('src/client/public-page.ts', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
})
