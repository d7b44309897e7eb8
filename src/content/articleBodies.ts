import type { Article } from './articles'

/** A paragraph or a subheading of an article's body. */
export interface ArticleBlock {
  kind: 'p' | 'h2'
  text: string
}

/**
 * The bodies of the articles, by slug. Apart from the articles' metadata, which every page's head
 * needs, so that only the article page's own chunk carries them.
 */
export const articleBodies: Record<Article['slug'], ReadonlyArray<ArticleBlock>> = {
  'more-time-on-moneymaking-operations': [
    { kind: 'p', text: 'Ask any small-business owner where their week goes and you will hear the same story. The work that brings in money, talking to customers, delivering the service, winning the next job, gets squeezed into whatever time is left after the admin. And there is always more admin.' },
    { kind: 'p', text: 'In our work with New Zealand businesses we regularly find that owners and their teams spend 10 to 20 hours a week on tasks a machine could do: copying details from one system to another, chasing invoices, answering the same five questions, and writing follow-up emails that never quite get sent.' },
    { kind: 'h2', text: 'Find where the hours are going' },
    { kind: 'p', text: 'Before automating anything, write down every repeating task your team does for one week. Note who does it, how often, and how long it takes. The list is always longer than people expect, and a pattern appears quickly: a handful of tasks eat most of the time.' },
    { kind: 'p', text: 'Good candidates for automation share three traits. They follow the same steps each time, they start from a clear trigger such as a new form, an email or a paid invoice, and they move information between tools you already use. If a task needs judgement, AI can often draft the answer for a person to approve.' },
    { kind: 'h2', text: 'Start with one workflow that pays for itself' },
    { kind: 'p', text: 'Resist the urge to automate everything at once. Pick the workflow with the best mix of time saved and low risk. For many service businesses that is lead follow-up: every new enquiry gets an instant reply, a few qualifying questions and a link to book a call, and the details land in the CRM without anyone typing them.' },
    { kind: 'p', text: 'A workflow like this usually goes live within two weeks. Because the result is measurable, faster replies and more booked calls, you can see quickly whether it is paying for itself, which makes the next decision easy.' },
    { kind: 'h2', text: 'Give the time back to the right work' },
    { kind: 'p', text: 'Saved hours only matter if they go somewhere useful. Decide in advance what the team will do with them: more sales calls, better onboarding, a project you have been putting off. Then protect that time in the calendar.' },
    { kind: 'p', text: 'Automation is not about replacing people. It is about letting the people you already have spend their days on the work only they can do, and that is almost always the work that makes you money.' },
  ],
  'mass-marketing-doesnt-work': [
    { kind: 'p', text: 'For decades the playbook was simple: build a big list, send the same message to everyone, and accept that a small percentage would respond. Today that playbook is failing. Inboxes are crowded, filters are smarter, and customers have learned to ignore anything that looks like it was sent to thousands of people.' },
    { kind: 'p', text: 'Open rates on generic newsletters keep sliding, and unsubscribes climb with every blast. Worse, each ignored email teaches inbox providers that your messages are not wanted, so even your good emails start landing in spam.' },
    { kind: 'h2', text: 'Relevance beats reach' },
    { kind: 'p', text: 'People respond to messages that reflect what they have done and what they need. A customer who bought hiking boots last month does not need your winter sale on children\'s shoes; they might well want a reminder about waterproofing, or an invitation to your trail-running club.' },
    { kind: 'p', text: 'Until recently this kind of personalisation took a marketing team most businesses could not afford. Segmenting lists by hand, writing dozens of variations and timing each send simply did not scale for a team of five.' },
    { kind: 'h2', text: 'How AI makes one-to-one marketing practical' },
    { kind: 'p', text: 'AI changes the economics. It can read your CRM and order history, group customers by behaviour rather than by guesswork, and draft a message for each group in your brand voice. It can choose the channel, SMS or email, and the moment each person is most likely to read it.' },
    { kind: 'p', text: 'The human role moves from writing every message to setting the strategy and approving the work. You decide what you want to say and to whom; the system handles the variations, the timing and the follow-up.' },
    { kind: 'h2', text: 'Where to begin' },
    { kind: 'p', text: 'Start with your existing customers, because you already have the data. Build one journey triggered by behaviour, such as a thank-you and review request a week after purchase, or a check-in when a regular has not ordered in a while. Measure replies and repeat sales against your old blanket campaign.' },
    { kind: 'p', text: 'In our clients\' results, the difference is rarely small. Fewer messages, each one relevant, consistently beat more messages sent to everyone.' },
  ],
  'build-a-personalized-ai-chatbot': [
    { kind: 'p', text: 'Most people have met a bad chatbot: the one that offers three buttons, misunderstands a simple question and finally suggests you call during business hours. A well-built AI assistant is a different experience. It understands plain language, knows your products and policies, and hands the conversation to a person when it should.' },
    { kind: 'p', text: 'This guide walks through how we approach building one for a business, and the decisions that matter most.' },
    { kind: 'h2', text: '1. Decide what the assistant is for' },
    { kind: 'p', text: 'Write down the top twenty questions your team answers every week. Opening hours, pricing, order status, booking changes, what a service includes. These become the core of the assistant\'s job. Be equally clear about what it should not do, such as giving medical or legal advice, or promising refunds.' },
    { kind: 'h2', text: '2. Give it your knowledge' },
    { kind: 'p', text: 'An AI model knows a lot about the world but nothing about your business. We connect it to your own sources: website pages, product catalogues, policy documents and FAQs. The assistant looks up the relevant passage before answering, so its replies are grounded in your information rather than guesses.' },
    { kind: 'p', text: 'For live information, such as order status or free appointment times, we connect the assistant to your systems through their APIs, with read-only access wherever possible.' },
    { kind: 'h2', text: '3. Give it your voice' },
    { kind: 'p', text: 'Tone matters. A boutique winery and a plumbing company should not sound the same. We write a short style guide for the assistant, covering greeting, level of formality, use of te reo Māori greetings if that suits your brand, and how to say no politely.' },
    { kind: 'h2', text: '4. Plan the handover' },
    { kind: 'p', text: 'The best assistants know their limits. Set clear rules for passing a conversation to a person: a frustrated customer, a high-value sale, anything outside the assistant\'s scope. The handover should include the conversation so far, so the customer never has to repeat themselves.' },
    { kind: 'h2', text: '5. Test, launch and keep improving' },
    { kind: 'p', text: 'Before launch we test the assistant against real past conversations and tricky edge cases. After launch we review transcripts every week, add missing answers and tighten the rules. Within a month or two, most assistants resolve the majority of routine questions on their own.' },
  ],
  'perfect-client': [
    { kind: 'p', text: 'Every business has a few clients who are a joy to work with. They value what you do, pay on time, refer their friends and stay for years. Most businesses also have clients who take up a lot of time for very little return. The difference between a good year and a great one is often just the mix.' },
    { kind: 'h2', text: 'Describe your perfect client with data' },
    { kind: 'p', text: 'Start with what you already know. Export your client list with revenue, length of relationship, number of support requests and how they found you. Sort by profit rather than revenue, and look at the top twenty per cent. What do they have in common? Industry, size, location, the service they started with?' },
    { kind: 'p', text: 'One of our clients, an Auckland accounting practice, found that its most profitable clients were owner-operated businesses with five to twenty staff that had come through referrals from other clients. That one sentence changed where they spent their marketing budget.' },
    { kind: 'h2', text: 'Let automation find more of them' },
    { kind: 'p', text: 'Once you know who you are looking for, automation can help you find them. Lead forms can ask two or three qualifying questions, and an AI agent can score each enquiry against your profile. High-fit leads get a fast, personal response and a booking link; others still get a helpful reply, without taking your best people\'s time.' },
    { kind: 'h2', text: 'Keep them for the long run' },
    { kind: 'p', text: 'Winning the right clients is half the job. Keeping them is the other half. Automated check-ins after key milestones, timely reminders and a simple satisfaction question every quarter help you spot problems early, while there is still time to fix them.' },
    { kind: 'p', text: 'AI can also flag clients who are quietly drifting away, fewer orders, slower replies, a support ticket that went badly, so someone can pick up the phone before it is too late.' },
    { kind: 'h2', text: 'Review and refine' },
    { kind: 'p', text: 'Your perfect client will change as your business grows. Revisit the profile every six months, compare it with the clients you actually won, and adjust your questions and scoring. Done well, this becomes a loop: better data leads to better clients, who lead to better data.' },
  ],
}
