/**
 * The server's folders in one direction (docs/design.md#server): each layer imports only from the layers below
 * it, bottom first — the log, clock, sentences and refusal codes; the lifecycle; runtime helpers; settings parsers; config; the
 * request limits; the store; calendars; mail; webhooks; the scheduler; the voice tools; the desk's API; the HTTP routes; main. An upward
 * import or a loop, through value or type imports, fails `npm run lint`. The layer rules between core/,
 * machines/, src/ and server/ live in eslint.config.js.
 */

/** Bottom first; a folder ends with '/', a module of server/'s root with '.ts'. */
const LAYERS = [
  ['log/', 'clock.ts', 'sentences.ts', 'refusals.ts'],
  ['lifecycle.ts'],
  ['runtime/'],
  ['settings/'],
  ['config.ts'],
  ['limits/'],
  ['db/'],
  ['calendar/'],
  ['mail/'],
  ['webhooks/'],
  ['scheduler/'],
  ['voice/'],
  ['desk/'],
  ['http/'],
  ['main.ts'],
]

/** The same for src/, bottom first. */
const SITE_LAYERS = [
  ['config.ts', 'content/', 'vite-env.d.ts'],
  ['lib/'],
  ['boot/'],
  ['logic/'],
  ['components/'],
  ['routes/'],
  ['routeTree.gen.ts', 'router.tsx', 'main.tsx', 'entry-server.tsx'],
]

const pathIn = (root) => (entry) => (entry.endsWith('/') ? `^${root}/${entry}` : `^${root}/${entry.replaceAll('.', '[.]')}$`)
const anyIn = (root, entries) => entries.map(pathIn(root)).join('|')
const anyOf = (entries) => anyIn('server', entries)
const exactly = (file) => `^${file.replaceAll('.', '[.]')}$`

/**
 * The upward arrows allowed, each from one module to one module, because they name rather than run: the booking
 * form's loader loads the form lazily (import()), and the pages' copy names the routes' paths (a type).
 */
const NAMED_NOT_IMPORTED = [
  { from: 'src/boot/loadBookingForm.ts', to: 'src/components/booking/BookingForm.tsx' },
  { from: 'src/content/pages.ts', to: 'src/routeTree.gen.ts' },
]

/** One rule per layer: nothing in it imports from a layer above, but for the named arrows (their own rules). */
const oneWayIn = (root, layers, doc) =>
  layers.slice(0, -1).flatMap((layer, i) => {
    const name = `${root === 'server' ? 'server' : 'site'}-one-way-${layer[0].replace(/[/.]tsx?$|[.]d[.]ts$|\/$/, '').replace(/[.]/g, '-')}`
    const comment = `${root}/ imports downward only: ${layer.join(', ')} may not import from ${layers.slice(i + 1).flat().join(', ')}; move the shared piece down (${doc}).`
    const above = anyIn(root, layers.slice(i + 1).flat())
    const named = NAMED_NOT_IMPORTED.filter(({ from }) => new RegExp(anyIn(root, layer)).test(from))
    return [
      {
        name,
        severity: 'error',
        comment,
        from: { path: anyIn(root, layer), ...(named.length > 0 && { pathNot: named.map(({ from }) => exactly(from)).join('|') }) },
        to: { path: above },
      },
      ...named.map(({ from, to }) => ({
        name: `${name}-but-${to.split('/').pop().replace(/[.].*$/, '')}`,
        severity: 'error',
        comment,
        from: { path: exactly(from) },
        to: { path: above, pathNot: exactly(to) },
      })),
    ]
  })

const oneWay = [...oneWayIn('server', LAYERS, 'docs/design.md#server'), ...oneWayIn('src', SITE_LAYERS, 'docs/design.md#site')]

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...oneWay,
    {
      name: 'server-module-outside-the-layers',
      severity: 'error',
      comment: 'Every server module belongs to a layer of LAYERS above: add its folder there, in its place (docs/design.md#server).',
      from: { path: '^server/', pathNot: anyOf(LAYERS.flat()) },
      to: {},
    },
    {
      name: 'site-module-outside-the-layers',
      severity: 'error',
      comment: 'Every module of src/ belongs to a layer of SITE_LAYERS above: add its folder there, in its place (docs/design.md#site).',
      from: { path: '^src/', pathNot: anyIn('src', SITE_LAYERS.flat()) },
      to: {},
    },
    {
      name: 'no-import-loop-in-server',
      severity: 'error',
      comment: 'server/ imports in one direction only: move the shared piece into its own module (see docs/design.md#server).',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'calendars-parsed-in-the-worker-only',
      severity: 'error',
      comment: 'A calendar is parsed in the calendar worker only, never on the server thread (docs/calendars.md#limits): go through expandInWorker.ts.',
      from: { path: '^server/', pathNot: '^server/calendar/(calendarWorker|parseBusy)[.]ts$' },
      to: { path: '^server/calendar/(parseBusy|recurSteps)[.]ts$' },
    },
  ],
  options: {
    // Type imports count: a loop of types is still a tangle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(server|src)/',
  },
}
