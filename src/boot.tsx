import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createAppRouter } from './router'
import './styles.css'

const router = createAppRouter()
// The first page's head is prerendered; the titles of the others load with the first navigation.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (!fromLocation || !pathChanged) return
  void import('./lib/head').then(({ applyHead }) => applyHead(document, router.state.location.pathname))
})

async function boot() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element.')
  // Load the matched route's split chunks first, so hydration sees the same tree the prerenderer rendered.
  await router.load()
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  if (root.hasChildNodes()) hydrateRoot(root, app)
  else createRoot(root).render(app)
}

void boot()
