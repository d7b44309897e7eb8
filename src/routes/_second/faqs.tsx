import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_second/faqs')({
  component: () => <h1 className="p-8 text-3xl font-bold text-white">Frequently Asked Questions</h1>,
})
