import { createFileRoute } from '@tanstack/react-router'
import { ManageBooking } from '../../../components/manage/ManageBooking'

/**
 * /booking/{uid}: manage one booking. One shell is prerendered for every uid and the booking
 * loads in the browser, so nothing about it is ever in the HTML (src/content/pages.ts: a shell route).
 */
export const Route = createFileRoute('/_main/booking/$uid')({
  component: ManageBookingPage,
})

function ManageBookingPage() {
  const { uid } = Route.useParams()
  // A new uid is a new booking: a fresh machine.
  return <ManageBooking key={uid} uid={uid} />
}
