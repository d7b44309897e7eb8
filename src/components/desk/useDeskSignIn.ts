import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { DESK_LINK_FRAGMENT } from '../../../core/deskWire'
import { deskSignInControls as controls, deskSignInView as view } from '../../../machines/deskSignInView'
import { deskSignInLogic } from '../../logic/deskSignIn'

/** The sign-in link's token in the address's fragment (`#link=<token>`), or empty. */
const linkTokenOf = (hash: string): string => new URLSearchParams(hash.slice(1)).get(DESK_LINK_FRAGMENT) ?? ''

/**
 * The desk page's sign-in actor: state through selectors, named senders, and every control asks the machine
 * whether it is on. The page tells the machine it has opened (with the link's token) once it runs in the browser.
 */
export function useDeskSignIn() {
  const signIn = useActorRef(deskSignInLogic, { input: { clock: Date.now } })
  useEffect(() => {
    signIn.send({ type: 'OPENED', token: linkTokenOf(window.location.hash) })
  }, [signIn])
  const step = useSelector(signIn, view.step)
  const email = useSelector(signIn, view.email)
  const emailError = useSelector(signIn, view.emailError)
  const error = useSelector(signIn, view.error)
  const notice = useSelector(signIn, view.notice)
  const sending = useSelector(signIn, view.sending)
  const desk = useSelector(signIn, view.desk)

  const can = {
    editEmail: useSelector(signIn, controls.editEmail),
    sendLink: useSelector(signIn, controls.sendLink),
    retry: useSelector(signIn, controls.retry),
    askNewLink: useSelector(signIn, controls.askNewLink),
  }

  const events = useMemo(
    () => ({
      changeEmail: (value: string) => signIn.send({ type: 'EMAIL_CHANGED', value }),
      sendLink: () => signIn.send({ type: 'SEND_LINK' }),
      retry: () => signIn.send({ type: 'RETRY' }),
      askNewLink: () => signIn.send({ type: 'ASK_NEW_LINK' }),
    }),
    [signIn],
  )

  return { step, email, emailError, error, notice, sending, desk, can, ...events }
}

export type DeskSignInView = ReturnType<typeof useDeskSignIn>
