import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SecondLayout } from '../components/layout/SecondLayout'

export const Route = createFileRoute('/_second')({
  component: () => (
    <SecondLayout>
      <Outlet />
    </SecondLayout>
  ),
})
