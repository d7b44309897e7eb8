import { createFileRoute } from '@tanstack/react-router'
import { BookCallButton } from '../../../components/booking/BookCallButton'
import { FaqAccordion } from '../../../components/faq/FaqAccordion'
import { ActionCards } from '../../../components/sections/ActionCards'
import { CaseStudies } from '../../../components/sections/CaseStudies'
import { CtaBanner } from '../../../components/sections/CtaBanner'
import { DemoTimeline } from '../../../components/sections/DemoTimeline'
import { PageHero } from '../../../components/sections/PageHero'
import { PlanCards } from '../../../components/sections/PlanCards'
import { Section } from '../../../components/sections/Section'
import { primaryButton } from '../../../components/sections/ui'
import { automationHero, automationServiceCards, caseStudies, plans } from '../../../content/automation'
import { automationFaqs } from '../../../content/automationFaqs'
import { leadDemo } from '../../../content/useCases'

export const Route = createFileRoute('/_main/services/automation')({
  component: AutomationPage,
})

function AutomationPage() {
  return (
    <>
      <PageHero badge={automationHero.badge} title={automationHero.title} lead={automationHero.lead} accentFrom={4}>
        <BookCallButton from="hero" className={primaryButton} />
      </PageHero>

      <Section id="services" eyebrow="Services" title="Automation across every channel" intro="Pick the channel to start with. Each one connects to the others." tinted>
        <ActionCards cards={automationServiceCards} />
      </Section>

      <Section id="case-studies" eyebrow="Case studies" title="Results from real New Zealand businesses">
        <CaseStudies studies={caseStudies} />
      </Section>

      <Section id="demo" eyebrow="Demo" title={leadDemo.title} intro={leadDemo.lead} centered tinted>
        <DemoTimeline steps={leadDemo.steps} />
      </Section>

      <Section
        id="plans"
        eyebrow="Pricing"
        title="Simple monthly plans"
        intro="Every plan includes 24/7 priority support. No lock-in contracts."
        centered
      >
        <PlanCards plans={plans} />
      </Section>

      <Section id="automation-faq" eyebrow="FAQ" title="Plans, pricing and support" centered tinted>
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={automationFaqs} idPrefix="automation" />
        </div>
      </Section>

      <CtaBanner
        id="automation-cta"
        title="Find out what you could automate"
        text="In a free 15-minute call we will point out the two or three automations that would save your team the most time."
      />
    </>
  )
}
