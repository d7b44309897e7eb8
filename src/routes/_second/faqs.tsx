import { createFileRoute, Link } from '@tanstack/react-router'
import { FaqAccordion } from '../../components/faq/FaqAccordion'
import { HeroGlow } from '../../components/sections/PageHero'
import { container, gradientText, primaryButton, textLink } from '../../components/sections/ui'
import { allFaqs } from '../../content/allFaqs'

export const Route = createFileRoute('/_second/faqs')({
  component: FaqsPage,
})

function FaqsPage() {
  return (
    <div className="relative overflow-hidden">
      <HeroGlow className="inset-x-0 mx-auto h-[28rem] max-w-4xl" />
      <div className={`${container} max-w-3xl py-16 sm:py-24`}>
        <p>
          <Link to="/" className={`${textLink} text-sm`}>
            <span aria-hidden="true">← </span>Back to home
          </Link>
        </p>
        <h1 className="mt-8 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">
          Frequently Asked <span className={gradientText}>Questions</span>
        </h1>
        <p className="mt-5 text-lg leading-8 text-slate-300">
          Everything you want to know about working with Kiwi Automate: pricing, plans, timelines, data security and support.
        </p>
        <section aria-labelledby="faqs-list-heading" className="mt-12">
          <h2 id="faqs-list-heading" className="sr-only">
            Questions and answers
          </h2>
          <FaqAccordion items={allFaqs} idPrefix="faqs" />
        </section>
        <div className="mt-16 rounded-2xl border border-white/10 bg-slate-900/60 p-8 text-center">
          <h2 className="text-2xl font-bold text-white">Still have a question?</h2>
          <p className="mt-3 text-slate-300">Our team in Auckland is happy to help. Start from the home page to book a free 15-minute call.</p>
          <Link to="/" className={`${primaryButton} mt-6`}>
            Go to the home page
          </Link>
        </div>
      </div>
    </div>
  )
}
