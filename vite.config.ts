import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'
import { parseSiteConfig } from './src/shared/site-config.ts'

const site = parseSiteConfig(process.env)
if (!site.ok) throw new Error(`Invalid site configuration:\n  ${site.errors.join('\n  ')}`)

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  define: { __SITE_CONFIG__: JSON.stringify(site.config) },
  plugins: [react(), tailwindcss()],
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
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
})
