import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/')({
  component: HomePage,
})

function HomePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-24 text-center">
      <p className="text-sm text-sky-300">Helping businesses implement AI</p>
      <h1 className="mt-4 text-5xl font-bold text-white">Building Automations to 10X Business</h1>
    </section>
  )
}
