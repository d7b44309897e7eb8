/**
 * `npm run assistant` (plan), `-- --apply`, `-- --check`: the voice assistant, its two tools and their
 * credential on the voice platform, made to match their definition in scripts/assistant/
 * (docs/voice-assistant.md). A deploy-time tool: it runs from the sources with tsx, where the repository is
 * checked out with its dev dependencies (a deploy pipeline, the agency's machine), not in the production image.
 */
import { dropOutputWhenReaderGoes } from '../server/log/cliOutput'
import { runAssistantCommand } from './assistant/command'

dropOutputWhenReaderGoes()
process.exitCode = await runAssistantCommand(process.argv.slice(2), {
  env: process.env,
  write: (line) => console.log(line),
  fail: (line) => console.error(line),
})
