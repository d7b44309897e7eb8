/**
 * One message's content, and its two renderings: plain text and HTML. The HTML has no remote
 * images or fonts, declares light and dark colour schemes (clients that honour the media query get
 * dark colours, the others the light ones, readable either way), and escapes every text it is given.
 */

export interface MailContent {
  /** The subject, also the HTML document's title. */
  subject: string
  greeting: string
  /** Paragraphs before the details. */
  intro: string[]
  /** The call's join link: after the intro, or first of all (`first`, the last reminder before the call). */
  join?: { label: string; url: string; first?: boolean }
  /** Label and value rows: when, who, why. A value may hold line breaks. */
  details: [label: string, value: string][]
  /** The one link that matters, shown as a button and as a plain URL. */
  action?: { label: string; url: string }
  /** Paragraphs after the details. */
  outro: string[]
  signature: string
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Escaped, with line breaks kept. */
const htmlText = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>')

export function renderText(content: MailContent): string {
  const labelWidth = Math.max(0, ...content.details.map(([label]) => label.length)) + 2
  const details = content.details.map(([label, value]) =>
    `${`${label}:`.padEnd(labelWidth)}${value.replace(/\r?\n/g, `\n${' '.repeat(labelWidth)}`)}`,
  )
  const join = content.join ? [`${content.join.label}: ${content.join.url}`, ''] : []
  return [
    ...(content.join?.first ? join : []),
    content.greeting,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    ...(content.join && !content.join.first ? join : []),
    ...details,
    '',
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...content.outro.flatMap((p) => [p, '']),
    content.signature,
    '',
  ].join('\n')
}

const COLORS = {
  text: '#1f2937',
  muted: '#4b5563',
  background: '#ffffff',
  /** The site's primary button: sky with near-black text (9:1). */
  button: '#38bdf8',
  buttonText: '#020617',
  /** Links on white: the site's sky, dark enough to read (5.9:1). */
  link: '#0369a1',
  darkText: '#f3f4f6',
  darkMuted: '#d1d5db',
  darkBackground: '#111827',
  darkLink: '#7dd3fc',
} as const

export function renderHtml(content: MailContent): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px;">${htmlText(text)}</p>`
  const rows = content.details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:600;">${htmlText(label)}</th>` +
        `<td valign="top" style="padding:4px 0;">${htmlText(value)}</td></tr>`,
    )
    .join('\n')
  const action = content.action
    ? `<p style="margin:8px 0 16px;"><a class="button" href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:${COLORS.button};color:${COLORS.buttonText};text-decoration:none;border-radius:6px;font-weight:600;">${htmlText(content.action.label)}</a></p>
<p class="muted" style="margin:0 0 16px;font-size:14px;color:${COLORS.muted};">Or open this link: <a class="link" href="${escapeHtml(content.action.url)}" style="color:${COLORS.link};word-break:break-all;">${htmlText(content.action.url)}</a></p>`
    : ''
  const join = content.join
    ? `<p style="margin:0 0 16px;font-size:18px;font-weight:600;">${htmlText(content.join.label)}: <a class="link" href="${escapeHtml(content.join.url)}" style="color:${COLORS.link};word-break:break-all;">${htmlText(content.join.url)}</a></p>`
    : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${htmlText(content.subject)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  body, .page { background: ${COLORS.darkBackground} !important; color: ${COLORS.darkText} !important; }
  .muted { color: ${COLORS.darkMuted} !important; }
  a.link { color: ${COLORS.darkLink} !important; }
}
</style>
</head>
<body class="page" style="margin:0;padding:0;background:${COLORS.background};color:${COLORS.text};">
<div class="page" style="max-width:560px;margin:0 auto;padding:24px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;background:${COLORS.background};color:${COLORS.text};">
${content.join?.first ? join : ''}
${paragraph(content.greeting)}
${content.intro.map(paragraph).join('\n')}
${content.join && !content.join.first ? join : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">
${rows}
</table>
${action}
${content.outro.map(paragraph).join('\n')}
${paragraph(content.signature)}
</div>
</body>
</html>
`
}
