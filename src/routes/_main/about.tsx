import { createFileRoute } from '@tanstack/react-router'
import { TalkToExpert } from '../../components/booking/TalkToExpert'
import { FeatureGrid } from '../../components/sections/FeatureGrid'
import { Icon } from '../../components/sections/Icon'
import { PageHero } from '../../components/sections/PageHero'
import { Section } from '../../components/sections/Section'
import { Timeline } from '../../components/sections/Timeline'
import { card, container } from '../../components/sections/ui'
import { aboutHero, mission, reasons, timeline, values, vision } from '../../content/about'

export const Route = createFileRoute('/_main/about')({
  component: AboutPage,
})

function AboutPage() {
  return (
    <>
      <PageHero badge={aboutHero.badge} title={aboutHero.title} lead={aboutHero.lead} accentFrom={5} />

      <section aria-label="Mission and vision" className="pb-8">
        <div className={`${container} grid gap-6 md:grid-cols-2`}>
          {[
            { ...mission, icon: 'target' as const },
            { ...vision, icon: 'sparkles' as const },
          ].map((item) => (
            <div key={item.title} className={`${card} p-8 sm:p-10`}>
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-sky-400/10 text-sky-300 ring-1 ring-sky-400/30">
                <Icon name={item.icon} />
              </span>
              <h2 className="mt-5 text-2xl font-bold text-white">{item.title}</h2>
              <p className="mt-3 text-lg leading-8 text-slate-300">{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <Section id="story" eyebrow="Our story" title="From three people to a nationwide team" centered>
        <Timeline entries={timeline} />
      </Section>

      <Section id="values" eyebrow="Values" title="What we stand for" tinted>
        <FeatureGrid items={values} columns={4} />
      </Section>

      <Section id="why-us" eyebrow="Why choose us" title="Why businesses choose Kiwi Automate">
        <FeatureGrid items={reasons} columns={4} />
      </Section>

      <TalkToExpert />
    </>
  )
}
