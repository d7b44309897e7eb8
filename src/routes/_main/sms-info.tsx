import { createFileRoute, Link } from '@tanstack/react-router'
import { Icon } from '../../components/sections/Icon'
import { PageHero } from '../../components/sections/PageHero'
import { card, container, textLink } from '../../components/sections/ui'
import { optOutKeywords, smsInfoHero, smsInfoSections } from '../../content/smsInfo'

export const Route = createFileRoute('/_main/sms-info')({
  component: SmsInfoPage,
})

function SmsInfoPage() {
  return (
    <>
      <PageHero badge={smsInfoHero.badge} title={smsInfoHero.title} lead={smsInfoHero.lead} />
      <div className={`${container} max-w-4xl space-y-8 pb-24`}>
        <section aria-labelledby="opt-out-heading" className="rounded-2xl border border-sky-400/30 bg-sky-400/10 p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <Icon name="shield" className="h-6 w-6 text-sky-300" />
            <h2 id="opt-out-heading" className="text-2xl font-bold text-white">
              How to opt out
            </h2>
          </div>
          <p className="mt-4 leading-7 text-slate-200">
            You can stop our text messages at any time. Reply with any of these keywords to any message:
          </p>
          <ul role="list" aria-label="Opt-out keywords" className="mt-4 flex flex-wrap gap-3">
            {optOutKeywords.map((keyword) => (
              <li key={keyword} className="rounded-lg border border-white/20 bg-slate-950 px-4 py-2 font-mono text-lg font-bold tracking-wider text-white">
                {keyword}
              </li>
            ))}
          </ul>
          <p className="mt-4 leading-7 text-slate-200">
            We will send one final message to confirm, and then no more. To start again, reply START or tell us on your next call.
          </p>
        </section>

        {smsInfoSections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className={`${card} p-6 sm:p-8`}>
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-white">
              {section.title}
            </h2>
            {section.paragraphs.map((text) => (
              <p key={text} className="mt-4 leading-7 text-slate-300">
                {text}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-300 marker:text-sky-300">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

        <p className="text-slate-300">
          Want to know how we run SMS for our clients? Read about our{' '}
          <Link to="/services/sms" className={textLink}>
            SMS automation service
          </Link>
          .
        </p>
      </div>
    </>
  )
}
