import type { ChannelPage } from '../../content/channels'
import { BookCallButton } from '../booking/BookCallButton'
import { CtaBanner } from './CtaBanner'
import { FeatureGrid } from './FeatureGrid'
import { HeroBadge, HeroGlow } from './PageHero'
import { Section } from './Section'
import { card, container, gradientText, primaryButton } from './ui'

/** The SMS and email service pages: hero with illustration, features, how it works, call to action. */
export function ChannelServicePage({ page, id }: { page: ChannelPage; id: string }) {
  return (
    <>
      <section className="relative overflow-hidden">
        <HeroGlow className="right-0 h-[30rem] w-[40rem]" />
        <div className={`${container} grid items-center gap-12 pt-16 pb-14 sm:pt-24 lg:grid-cols-2`}>
          <div>
            <HeroBadge>{page.badge}</HeroBadge>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">
              <span className={gradientText}>{page.title}</span>
            </h1>
            <p className="mt-6 text-lg leading-8 text-slate-300">{page.lead}</p>
            <div className="mt-10">
              <BookCallButton from="hero" className={primaryButton} />
            </div>
          </div>
          {/* Like the article cover only in its priority attributes; size and frame differ, so no shared component. */}
          <img
            src={page.image}
            alt={page.imageAlt}
            width={640}
            height={360}
            fetchPriority="high"
            className={`${card} aspect-video w-full object-cover`}
          />
        </div>
      </section>

      <Section id={`${id}-features`} eyebrow="Features" title={page.featuresTitle} tinted>
        <FeatureGrid items={page.features} />
      </Section>

      <Section id={`${id}-how-it-works`} eyebrow="Process" title={page.stepsTitle}>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.steps.map((step, index) => (
            <li key={step.title} className={`${card} p-6`}>
              <span className="font-mono text-sm font-semibold text-sky-300">
                <span className="sr-only">Step </span>
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-3 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 leading-7 text-slate-300">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBanner id={`${id}-cta`} title={page.ctaTitle} text={page.ctaText} />
    </>
  )
}
