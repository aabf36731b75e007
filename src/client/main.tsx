import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App, prerenderedRoutes } from './app/app'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
)

// A page prerendered at build time already shows its content: React takes it over in place,
// once the screen's chunk is loaded (a screen still loading would not match the HTML). As a
// transition, hydration yields to the browser every few milliseconds instead of blocking it.
const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname
const prerendered = container.hasAttribute('data-prerendered') ? prerenderedRoutes[pathname] : undefined
if (prerendered) {
  await prerendered.preload()
  startTransition(() => {
    hydrateRoot(container, app)
  })
} else {
  createRoot(container).render(app)
}
