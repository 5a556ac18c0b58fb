// `drawing-api-emulator learn`: reads reports (tolerant of fields it does not use), writes a profile the emulator
// loads, and refuses with one line and exit 2 what is not a report, an unknown version or a bad command line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { formatProblem } from '../../../src/formats/read.js'
import { ShadowReportSchema } from '../../../src/formats/report.js'
import { learnCommand } from '../../../src/parity/learn/command.js'
import { runProcess } from '../../processes.js'

const work = mkdtempSync(join(tmpdir(), 'learn-command-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

async function learn (...argv: string[]): Promise<{ code: number, out: string, err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await learnCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text), env: {}, version: '0.1.0' })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

function file (name: string, content: unknown): string {
  const path = join(work, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

const REPORT = {
  target: 'https://beta.example/api/v1',
  startedAt: '2026-11-27T10:00:00.000Z',
  operations: [
    { operation: 'POST /api/v1/collections', requests: 2, same: 0, differs: 2, differences: [{ path: 'status', kind: 'status', emulator: 200, target: 201 }] },
    { operation: 'GET /api/v1/collections', requests: 1, same: 1, differs: 0, differences: [] }
  ],
  summary: { operations: 2, same: 1, differs: 1 }
}

t.test('writes a profile from two reports; fields it does not read (a newer parity\'s) are ignored', async (t) => {
  const newer = {
    ...REPORT,
    startedAt: '2026-11-28T10:00:00.000Z',
    tool: 'drawing-api-emulator',
    version: '0.1.0',
    key: { kind: 'workspace' },
    operations: [{
      operation: 'GET /api/v1/scenes/{sceneId}',
      requests: 3,
      accepted: [{ path: 'body/metadata/name', kind: 'value', reason: 'renamed by hand' }],
      differences: [{ path: 'body/metadata/revision', kind: 'extra', emulator: null, target: 3, requests: [{ method: 'GET', path: '/scenes/s1', step: 7 }], count: 2, group: 'body/metadata/revision' }]
    }]
  }
  const out = join(work, 'profile.json')
  const run = await learn('--from', file('a.json', REPORT), '--from', file('b.json', newer), '--out', out)
  t.same([run.code, run.err], [0, ''])
  t.equal(run.out, [
    `learn: wrote ${out}: 2 changes in 2 operations; not learned: 0 value-only, 0 excused by the rules, 0 target failures, 0 statuses not every answer showed, 0 not replayable (list items, whole answers retyped, consequences of refused writes, unsent steps)`,
    '  POST /api/v1/collections: status-changed',
    '  GET /api/v1/scenes/{sceneId}: field-added'
  ].join('\n'))
  t.same(JSON.parse(readFileSync(out, 'utf8')), {
    format: 'drawing-api-emulator drift profile',
    version: 1,
    learnedFrom: [
      { report: join(work, 'a.json'), target: REPORT.target, startedAt: REPORT.startedAt },
      { report: join(work, 'b.json'), target: REPORT.target, startedAt: newer.startedAt }
    ],
    operations: [
      { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201, seen: [{ report: join(work, 'a.json'), path: 'status' }] }] },
      { operation: 'GET /api/v1/scenes/{sceneId}', changes: [{ change: 'field-added', path: '/metadata/revision', sample: 3, seen: [{ report: join(work, 'b.json'), path: 'body/metadata/revision', requests: [{ method: 'GET', path: '/scenes/s1', step: 7 }] }] }] }
    ]
  })
})

t.test('what cannot be learned from: one line, exit 2, nothing written', async (t) => {
  const out = join(work, 'never.json')
  const cases: Array<[string[], string]> = [
    [['--from', file('v9.json', { ...REPORT, version: 9 })], `learn: ${join(work, 'v9.json')} is a report of version 9; this learn (0.1.0) reads reports of 0.1.0 and before: learn with the version that wrote it`],
    [['--from', file('newer.json', { ...REPORT, version: '0.2.0' })], `learn: ${join(work, 'newer.json')} is a report of version "0.2.0"; this learn (0.1.0) reads reports of 0.1.0 and before: learn with the version that wrote it`],
    [['--from', file('text.json', 'operations: none')], `learn: ${join(work, 'text.json')} cannot be read as JSON (Unexpected token 'o', "operations: none" is not valid JSON)`],
    [['--from', join(work, 'absent.json')], `learn: ${join(work, 'absent.json')} cannot be read as JSON (ENOENT)`],
    [['--from', file('other.json', { format: 'drawing-api-emulator drift profile', version: 1 })], `learn: ${join(work, 'other.json')} is not a parity or shadow report (it has no "operations" list)`],
    [['--from', file('bad-op.json', { operations: [{ differences: [] }] })], `learn: ${join(work, 'bad-op.json')}: operations[0] has no "operation"`],
    [['--from', file('bad-diff.json', { operations: [{ operation: 'GET /x', differences: [{ kind: 'extra' }] }] })], `learn: ${join(work, 'bad-diff.json')}: operations[0] (GET /x) difference 1 is not a difference {"path", "kind", "emulator", "target"}`],
    // A field learn reads, of the wrong type: the schema's words (older learns dropped it without a word).
    [['--from', file('bad-status.json', { operations: [{ operation: 'GET /x', differences: [{ path: 'status', kind: 'status', emulator: 200, target: 201, status: '201' }] }] })], `learn: ${join(work, 'bad-status.json')}: report/operations/0/differences/0/status must be integer`],
    [[], 'learn: --from <report.json> is required'],
    [['--from', file('ok.json', REPORT), '--out'], "learn: Option '--out <value>' argument missing (see drawing-api-emulator learn --help)"]
  ]
  for (const [argv, line] of cases) {
    const run = await learn(...argv, ...(argv.includes('--out') || argv.length === 0 ? [] : ['--out', out]))
    t.same([run.code, run.out, run.err], [2, '', line], argv.join(' '))
  }
  t.same([(await learn('--from', join(work, 'ok.json'))).err], ['learn: --out <profile.json> is required'])
  t.throws(() => readFileSync(out), /ENOENT/, 'no profile written')
})

t.test('the CLI runs it: --help, and a profile written', async (t) => {
  const help = await runProcess('src/cli.ts', ['learn', '--help'])
  t.equal(help.code, 0)
  t.match(help.stdout, /^Usage:\n {2}drawing-api-emulator learn --from <report\.json> \[--from <more\.json> \.\.\.\] --out <profile\.json>\n/)
  const out = join(work, 'cli.json')
  const run = await runProcess('src/cli.ts', ['learn', '--from', file('cli-report.json', REPORT), '--out', out])
  t.same([run.code, run.stderr], [0, ''])
  t.equal(JSON.parse(readFileSync(out, 'utf8')).operations.length, 1)
  const bad = await runProcess('src/cli.ts', ['learn', '--from', file('cli-v2.json', { ...REPORT, version: '1.0.0' }), '--out', out])
  t.same([bad.code, bad.stderr.trim()], [2, `learn: ${join(work, 'cli-v2.json')} is a report of version "1.0.0"; this learn (0.1.0) reads reports of 0.1.0 and before: learn with the version that wrote it`])
})

t.test('a grouped report: shared differences are every operation\'s, once; what follows from a failed write is not learned', async (t) => {
  // As a report holds them: in each operation's list, and listed once more under `shared`.
  const list = (step: number) => ({ method: 'GET', path: '/scenes', step })
  const removedHeader = { path: 'header/x-ratelimit-reset', kind: 'header', emulator: 'delta-seconds', target: null }
  const otherLimit = { path: 'header/x-ratelimit-limit', kind: 'value', emulator: '600', target: '100' }
  const grouped = {
    tool: 'drawing-api-emulator',
    version: '0.0.9',
    operations: [
      {
        operation: 'GET /api/v1/scenes',
        differences: [
          // Seen 6 times in 2 requests: several items of one answer, so every item's.
          { path: 'body/data/0/metadata/revision', pattern: 'body/data/*/metadata/revision', kind: 'extra', emulator: null, target: 1, count: 6, requests: [list(3), list(9)] },
          // Seen once per request, at the one item both answers compared: a change seen more than once is every item's.
          { path: 'body/data/2/metadata/tags', pattern: 'body/data/*/metadata/tags', kind: 'extra', emulator: null, target: [], count: 2, requests: [list(3), list(9)] },
          { path: 'body/data/0/metadata/name', kind: 'missing', emulator: 'A', target: null, followsFrom: { step: 2, method: 'POST', path: '/scenes', status: 500 } },
          removedHeader,
          otherLimit
        ]
      },
      { operation: 'POST /api/v1/collections', differences: [removedHeader, otherLimit] }
    ],
    shared: [removedHeader, otherLimit]
  }
  const out = join(work, 'grouped-profile.json')
  const run = await learn('--from', file('grouped.json', grouped), '--out', out)
  t.equal(run.code, 0, run.err)
  const removed = { change: 'header-removed', header: 'x-ratelimit-reset', seen: [{ report: join(work, 'grouped.json'), path: 'header/x-ratelimit-reset' }] }
  t.same(JSON.parse(readFileSync(out, 'utf8')).operations.map((op: any) => [op.operation, op.changes.map((c: any) => c.change === 'field-added' ? c.path : c)]), [
    ['GET /api/v1/scenes', [removed, '/data/*/metadata/revision', '/data/*/metadata/tags']],
    ['POST /api/v1/collections', [removed]]
  ])
  t.match(run.out, /not learned: 2 value-only, 0 excused by the rules, 0 target failures, 0 statuses not every answer showed, 1 not replayable/, 'the shared value once per operation, not twice')
})

t.test('a shadow report (mode "shadow", "keys" for "key", the shadow\'s state): learned like a parity report', async (t) => {
  const ref = (step: number, path = '/scenes/AbCdEfGhIjK') => ({ method: 'GET', path, step })
  const shadow = {
    tool: 'drawing-api-emulator',
    version: '0.1.0',
    mode: 'shadow',
    target: 'https://beta.example/api/v1',
    startedAt: '2026-11-27T22:00:00.000Z',
    durationMs: 812000,
    keys: [{ label: 'key 1', kind: 'workspace', permission: 'full', role: 'admin' }],
    requests: { target: 52, emulator: 41 },
    operations: [
      {
        operation: 'GET /api/v1/scenes/{sceneId}',
        requests: 12,
        same: 0,
        differs: 12,
        differences: [
          { path: 'body/metadata/isPrivate', kind: 'missing', emulator: false, target: null, requests: [ref(3), ref(8)], count: 12, lastSeen: '2026-11-27T22:13:00.000Z' },
          { path: 'body/metadata/private', kind: 'extra', emulator: null, target: false, requests: [ref(3), ref(8)], count: 12, lastSeen: '2026-11-27T22:13:00.000Z' },
          { path: 'body/metadata/name', kind: 'value', emulator: 'Roadmap', target: 'Roadmap v2', requests: [ref(8)], count: 1, lastSeen: '2026-11-27T22:13:00.000Z' },
          { path: 'header/deprecation', kind: 'header', emulator: null, target: '@1788220800', requests: [ref(3)], count: 12, lastSeen: '2026-11-27T22:13:00.000Z' }
        ],
        accepted: [{ path: 'body/metadata/revision', kind: 'extra', emulator: null, target: 4, requests: [ref(3)], count: 12, lastSeen: '2026-11-27T22:13:00.000Z', reason: 'known', rule: 1 }]
      },
      {
        operation: 'GET /api/v1/scenes',
        requests: 2,
        same: 0,
        differs: 2,
        differences: [
          // Seen 6 times in 2 requests: at several items of each answer, so every item's.
          { path: 'body/data/0/metadata/revision', pattern: 'body/data/*/metadata/revision', kind: 'extra', emulator: null, target: 2, requests: [ref(4, '/scenes'), ref(9, '/scenes')], count: 6, lastSeen: '2026-11-27T22:13:00.000Z' }
        ],
        accepted: []
      },
      { operation: 'POST /api/v1/collections', requests: 1, same: 0, differs: 1, differences: [{ path: 'status', kind: 'status', emulator: 200, target: 201, requests: [{ method: 'POST', path: '/collections', step: 1 }], count: 1, lastSeen: '2026-11-27T22:01:00.000Z' }], accepted: [] },
      { operation: 'GET /api/v1/logs', requests: 3, same: 3, differs: 0, differences: [], accepted: [] }
    ],
    shared: [],
    unusedAccept: [],
    summary: { operations: 4, same: 1, differs: 3, accepted: 1 },
    shadow: { state: 'ready', reason: null, forwarded: 41, compared: 41, importRequests: 11, failures: [{ operation: 'GET /api/v1/logs', side: 'shadow', reason: 'timed out', time: '2026-11-27T22:05:00.000Z' }] }
  }
  t.equal(formatProblem({ name: 'report', schema: ShadowReportSchema }, shadow, 'shadow.json'), undefined, 'a report the shadow could write')
  const reportFile = file('shadow.json', shadow)
  const out = join(work, 'shadow-profile.json')
  const run = await learn('--from', reportFile, '--out', out)
  t.same([run.code, run.err], [0, ''])
  t.equal(run.out, [
    `learn: wrote ${out}: 4 changes in 3 operations; not learned: 1 value-only, 0 excused by the rules, 0 target failures, 0 statuses not every answer showed, 0 not replayable (list items, whole answers retyped, consequences of refused writes, unsent steps)`,
    '  GET /api/v1/scenes/{sceneId}: header-added, field-renamed',
    '  GET /api/v1/scenes: field-added',
    '  POST /api/v1/collections: status-changed'
  ].join('\n'))
  const seen = (path: string, ...requests: unknown[]) => ({ report: reportFile, path, requests })
  t.same(JSON.parse(readFileSync(out, 'utf8')), {
    format: 'drawing-api-emulator drift profile',
    version: 1,
    learnedFrom: [{ report: reportFile, target: shadow.target, startedAt: shadow.startedAt }],
    operations: [
      {
        operation: 'GET /api/v1/scenes/{sceneId}',
        changes: [
          { change: 'header-added', header: 'deprecation', value: '@1788220800', seen: [seen('header/deprecation', ref(3))] },
          { change: 'field-renamed', path: '/metadata/isPrivate', to: 'private', seen: [seen('body/metadata/isPrivate', ref(3), ref(8)), seen('body/metadata/private', ref(3), ref(8))] }
        ]
      },
      { operation: 'GET /api/v1/scenes', changes: [{ change: 'field-added', path: '/data/*/metadata/revision', sample: 2, seen: [seen('body/data/0/metadata/revision', ref(4, '/scenes'), ref(9, '/scenes'))] }] },
      { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201, seen: [seen('status', { method: 'POST', path: '/collections', step: 1 })] }] }
    ]
  }, 'the accepted difference and the value are not learned; the shadow\'s request references are kept as where each change was seen')
})

t.test('a night that compared nothing (the import failed, every call a 5xx): one line, exit 2, the committed profile left as it was', async (t) => {
  const out = file('committed-profile.json', '{"committed": true}\n')
  const failures = [{ operation: 'GET /api/v1/scenes', side: 'target', reason: 'the target answered 502 (text/html)', time: '2026-11-27T22:05:00.000Z' }]
  const shadow = (state: Record<string, unknown>, requests: Record<string, number>) => ({
    ...REPORT, mode: 'shadow', operations: [], requests, summary: { operations: 0, same: 0, differs: 0, accepted: 0 },
    shadow: { state: 'ready', reason: null, forwarded: 12, compared: 0, importRequests: 0, failures, ...state }
  })
  const cases: Array<[string, unknown, string]> = [
    ['import-failed.json', shadow({ state: 'failed', reason: 'import failed: GET /workspaces answered 503' }, { target: 13, emulator: 0 }),
      `learn: ${join(work, 'import-failed.json')}: the shadow side was not ready (state "failed": import failed: GET /workspaces answered 503), so nothing was compared; nothing written`],
    ['waiting.json', shadow({ state: 'waiting' }, { target: 0, emulator: 0 }),
      `learn: ${join(work, 'waiting.json')}: the shadow side was not ready (state "waiting"), so nothing was compared; nothing written`],
    ['all-5xx.json', shadow({}, { target: 13, emulator: 0 }),
      `learn: ${join(work, 'all-5xx.json')} compared no answer (every call failed at the target, or none came): nothing to learn from; nothing written`],
    ['parity-none.json', { ...REPORT, mode: 'live', requests: { target: 3, emulator: 0 }, operations: [] },
      `learn: ${join(work, 'parity-none.json')} compared no answer (every call failed at the target, or none came): nothing to learn from; nothing written`]
  ]
  for (const [name, report, line] of cases) {
    const run = await learn('--from', file(name, report), '--out', out)
    t.same([run.code, run.out, run.err], [2, '', line], name)
    t.equal(readFileSync(out, 'utf8'), '{"committed": true}\n', `${name}: the profile is untouched`)
  }
  // Alongside a good report too: one night that compared nothing stops the whole learn.
  const both = await learn('--from', file('good.json', REPORT), '--from', join(work, 'all-5xx.json'), '--out', out)
  t.same([both.code, readFileSync(out, 'utf8')], [2, '{"committed": true}\n'])
})

t.test('an interrupted parity report is learned from, with a line naming what it did not reach', async (t) => {
  // What it compared before the signal is real (the status change); the operations after it have no change.
  const interrupted = { ...REPORT, mode: 'live', interrupted: 'SIGINT', requests: { target: 20, emulator: 19 } }
  const out = join(work, 'from-interrupted.json')
  const run = await learn('--from', file('interrupted.json', interrupted), '--out', out)
  t.same([run.code, run.err], [0, `learn: ${join(work, 'interrupted.json')} was interrupted by SIGINT: learned what it compared before the signal; operations it did not reach have no change in this profile (learn from a whole run to keep theirs)`])
  t.match(run.out, /^learn: wrote .+: 1 change in 1 operation; /)
  t.same(JSON.parse(readFileSync(out, 'utf8')).operations, [
    { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201, seen: [{ report: join(work, 'interrupted.json'), path: 'status' }] }] }
  ])
})
