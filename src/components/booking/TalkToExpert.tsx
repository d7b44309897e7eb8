/** The inline 'Talk to an Expert' booking section (home, /use-cases, /about). Placeholder. */
export function TalkToExpert() {
  return (
    <section id="talk-to-an-expert" aria-labelledby="talk-to-an-expert-heading" className="px-4 py-16">
      <h2 id="talk-to-an-expert-heading" className="text-3xl font-bold text-white">
        Talk to an Expert
      </h2>
    </section>
  )
}
