// --redact-people: the same person gets the same stand-in everywhere (records, team lists, MCP texts, emails in
// any text), given in order of first appearance; nothing else changes.
import t from 'tap'
import { createRedactor } from '../../src/parity/redact.js'

t.test('names and emails, consistently', async (t) => {
  const redact = createRedactor()
  const users = redact({ data: [
    { id: 'u1', uid: 'u1', name: 'Ada Lovelace', email: 'ada@acme.example', workspaceTeams: { design: ['Ada Lovelace'] } },
    { id: 'u2', uid: 'u2', name: 'Ben Okafor', email: 'Ben@acme.example' }
  ] })
  t.same(users, { data: [
    { id: 'u1', uid: 'u1', name: 'Person 1', email: 'person-1@example.invalid', workspaceTeams: { design: ['Person 1'] } },
    { id: 'u2', uid: 'u2', name: 'Person 2', email: 'person-2@example.invalid' }
  ] })
  t.same(redact({ user_full_name: 'Ben Okafor', user_email: 'ben@acme.example', details: { note: 'invited carol@else.example' } }),
    { user_full_name: 'Person 2', user_email: 'person-2@example.invalid', details: { note: 'invited person-3@example.invalid' } })
  const text = JSON.stringify({ data: [{ name: 'Ada Lovelace', email: 'ada@acme.example', role: 'admin' }] })
  t.same(redact({ content: [{ type: 'text', text }] }), { content: [{ type: 'text', text: JSON.stringify({ data: [{ name: 'Person 1', email: 'person-1@example.invalid', role: 'admin' }] }) }] }, 'inside an MCP tool\'s JSON text')
  t.same(redact({ name: 'Roadmap by Ada Lovelace', collection: 'c1', id: 'Ada' }), { name: 'Roadmap by Person 1', collection: 'c1', id: 'Ada' }, 'a known name inside other text; short strings left alone')
})

t.test('two redactors over the same answers in the same order agree (what --verify relies on)', async (t) => {
  const answers = [{ name: 'Grace Hopper', email: 'grace@x.example', uid: 'g' }, { text: 'for Grace Hopper' }]
  const [a, b] = [createRedactor(), createRedactor()]
  t.same(answers.map(a), answers.map(b))
})
