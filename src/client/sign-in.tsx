import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { SignInPage } from './features/auth/components/sign-in-page'
import './styles.css'

// The sign-in page's own entry, without the app's router and server-state cache, so the first page
// a new learner opens stays within its script budget (docs/performance.md, figure 6).
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <SignInPage />
  </StrictMode>,
)
