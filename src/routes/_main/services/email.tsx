import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/services/email')({
  component: () => <h1 className="p-8 text-3xl font-bold text-white">services-email</h1>,
})
