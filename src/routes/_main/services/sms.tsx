import { createFileRoute } from '@tanstack/react-router'
import { ChannelServicePage } from '../../../components/sections/ChannelServicePage'
import { smsService } from '../../../content/channels'

export const Route = createFileRoute('/_main/services/sms')({
  component: () => <ChannelServicePage page={smsService} id="sms" />,
})
