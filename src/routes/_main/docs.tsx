import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/docs')({
  component: () => <h1 className="p-8 text-3xl font-bold text-white">docs</h1>,
})
