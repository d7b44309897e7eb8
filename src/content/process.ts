import type { IconName } from './icons'

export interface ProcessStep {
  title: string
  description: string
  icon: IconName
}

/** The five steps of how we work (docs/design.md#constants: five). */
export const processSteps: ReadonlyArray<ProcessStep> = [
  {
    title: 'Discovery Call',
    description: 'A free 15-minute call to understand your business, your goals and where time is being lost.',
    icon: 'chat',
  },
  {
    title: 'Audit and Strategy',
    description: 'We review your tools and workflows, then recommend the automations with the biggest return first.',
    icon: 'search',
  },
  {
    title: 'Build and Integrate',
    description: 'We build the automations and AI agents and connect them to the software you already use.',
    icon: 'wrench',
  },
  {
    title: 'Test and Launch',
    description: 'We test with real scenarios, train your team and go live in stages so nothing breaks.',
    icon: 'rocket',
  },
  {
    title: 'Optimise and Support',
    description: 'We monitor results, tune what can be better and keep everything running as you grow.',
    icon: 'chart',
  },
]
