import { createRootRoute, Outlet } from '@tanstack/react-router'
import { ErrorView, NotFoundView } from '../components/ErrorView'

export const Route = createRootRoute({
  component: Outlet,
  // The browser wraps the root match in Suspense; asking for it makes the prerenderer do the same.
  wrapInSuspense: true,
  errorComponent: ({ error }) => <ErrorView error={error} />,
  notFoundComponent: NotFoundView,
})
