import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { deskMachine } from '../../../machines/desk'

export function DeskBoard({ actor }: { actor: ActorRefFrom<typeof deskMachine> }) {
  const view = useSelector(actor, (s) => s.context.view)
  return (
    <div>
      <h1>Desk</h1>
      <ul>
        {view.upcoming.map((call) => (
          <li key={call.uid}>{call.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => actor.send({ type: 'SIGN_OUT' })}>
        Sign out
      </button>
    </div>
  )
}
