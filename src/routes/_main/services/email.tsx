import { createFileRoute } from '@tanstack/react-router'
import { ChannelServicePage } from '../../../components/sections/ChannelServicePage'
import { emailService } from '../../../content/channels'

export const Route = createFileRoute('/_main/services/email')({
  component: () => <ChannelServicePage page={emailService} id="email" />,
})
