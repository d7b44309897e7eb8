import { createFileRoute } from '@tanstack/react-router'
import { BookCallButton } from '../../components/booking/BookCallButton'
import { TalkToExpert } from '../../components/booking/TalkToExpert'
import { DemoTimeline } from '../../components/sections/DemoTimeline'
import { FeatureGrid } from '../../components/sections/FeatureGrid'
import { PageHero } from '../../components/sections/PageHero'
import { Section } from '../../components/sections/Section'
import { StatsGrid } from '../../components/sections/StatsGrid'
import { primaryButton } from '../../components/sections/ui'
import { industrySolutions, leadDemo, useCaseStats, useCasesHero } from '../../content/useCases'

export const Route = createFileRoute('/_main/use-cases')({
  component: UseCasesPage,
})

function UseCasesPage() {
  return (
    <>
      <PageHero badge={useCasesHero.badge} title={useCasesHero.title} lead={useCasesHero.lead} accentFrom={2}>
        <BookCallButton from="hero" className={primaryButton} />
      </PageHero>

      <Section
        id="solutions"
        eyebrow="Industry solutions"
        title="Where AI pays off first"
        intro="Three areas where our clients see the fastest return, whatever their industry."
      >
        <FeatureGrid
          items={industrySolutions.map((s) => ({ title: s.title, description: s.description, icon: s.icon, points: s.outcomes }))}
        />
      </Section>

      <Section
        id="results"
        eyebrow="Results"
        title="What our clients achieve"
        intro="Average results across our automation clients in their first six months."
        centered
        tinted
      >
        <StatsGrid stats={useCaseStats} />
      </Section>

      <Section id="demo" eyebrow="Demo" title={leadDemo.title} intro={leadDemo.lead} centered>
        <DemoTimeline steps={leadDemo.steps} />
      </Section>

      <TalkToExpert />
    </>
  )
}
