import { createFileRoute } from '@tanstack/react-router'
import { BookCallButton } from '../../components/booking/BookCallButton'
import { TalkToExpert } from '../../components/booking/TalkToExpert'
import { FaqAccordion } from '../../components/faq/FaqAccordion'
import { ScrollIntentButton } from '../../components/nav/ScrollIntentButton'
import { Icon } from '../../components/sections/Icon'
import { PageHero } from '../../components/sections/PageHero'
import { ProcessSteps } from '../../components/sections/ProcessSteps'
import { Section } from '../../components/sections/Section'
import { ServiceCards } from '../../components/sections/ServiceCards'
import { container, primaryButton, secondaryButton } from '../../components/sections/ui'
import { pricingFaqs } from '../../content/faqs'
import { processSteps } from '../../content/process'
import { homeHero, homeServices } from '../../content/services'

export const Route = createFileRoute('/_main/')({
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <PageHero badge={homeHero.badge} title={homeHero.title} lead={homeHero.lead} centered accentFrom={3}>
        <div className="flex w-full flex-col items-stretch justify-center gap-4 sm:w-auto sm:flex-row sm:items-center">
          <BookCallButton from="hero" className={primaryButton} />
          <ScrollIntentButton target="services" className={secondaryButton}>
            Our Services
          </ScrollIntentButton>
        </div>
        {/* On a phone a list down the left, clear of the voice widget's corner (docs/design.md#pages). */}
        <ul role="list" className="mt-10 flex w-full flex-col items-start gap-y-3 text-sm text-slate-300 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
          {homeHero.trust.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Icon name="check" className="h-4 w-4 text-sky-300" />
              {item}
            </li>
          ))}
        </ul>
      </PageHero>

      <div className={container}>
        <p className="mx-auto max-w-3xl border-y border-white/10 py-8 text-center text-xl font-medium text-balance text-slate-100 sm:text-2xl">
          {homeHero.tagline}
        </p>
      </div>

      <Section
        id="services"
        eyebrow="Our services"
        title="Everything you need to put AI to work"
        intro="From the first idea to a system that runs every day, we cover strategy, automation and custom builds. Pick one, or let us guide you through all three."
        centered
      >
        <ServiceCards services={homeServices} />
      </Section>

      <Section
        id="process"
        eyebrow="Process"
        title="How we work, in five steps"
        intro="A clear path from first conversation to measurable results, with you in control at every stage."
        centered
        tinted
      >
        <ProcessSteps steps={processSteps} />
      </Section>

      <Section
        id="faq"
        eyebrow="Pricing"
        title="Pricing and common questions"
        intro="Straight answers on cost, timelines and how we work. Anything else, just ask on your free call."
        centered
      >
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={pricingFaqs} idPrefix="pricing" pricingTarget />
        </div>
      </Section>

      <TalkToExpert />
    </>
  )
}
