// Every schema the routes and MCP tools validate with is a valid JSON Schema (draft 7): the validators skip that
// check at run time (lib/ajv.ts), so it is made here, once, for all of them.
import t from 'tap'
import { Ajv } from 'ajv'
import { addFormats } from '../../src/lib/ajv.js'
import { pickToolset } from '../../src/api/v1/mcp/tools/index.js'
import * as admin from '../../src/schemas/admin.js'
import * as collections from '../../src/schemas/collections.js'
import * as common from '../../src/schemas/common.js'
import * as drift from '../../src/schemas/drift.js'
import * as elements from '../../src/schemas/elements.js'
import * as faults from '../../src/schemas/faults.js'
import * as invites from '../../src/schemas/invites.js'
import * as journal from '../../src/schemas/journal.js'
import * as logs from '../../src/schemas/logs.js'
import * as rateLimit from '../../src/schemas/rate-limit.js'
import * as sceneContent from '../../src/schemas/scene-content.js'
import * as scenes from '../../src/schemas/scenes.js'
import * as stubs from '../../src/schemas/stubs.js'
import * as users from '../../src/schemas/users.js'
import { problemList } from '../problems.js'
import * as workspaces from '../../src/schemas/workspaces.js'

const MODULES = { admin, collections, common, drift, elements, faults, invites, journal, logs, rateLimit, sceneContent, scenes, stubs, users, workspaces }
const isSchema = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && ('type' in value || 'anyOf' in value || 'enum' in value || 'const' in value)

t.test('route and tool schemas pass the meta-schema', async (t) => {
  const ajv = new Ajv({ strict: false, validateSchema: true })
  addFormats(ajv)
  let checked = 0
  const schemas = problemList()
  const check = (schema: object, what: string) => {
    const valid = ajv.validateSchema(schema) as boolean
    schemas.ok(valid, valid ? what : `${what}: ${ajv.errorsText(ajv.errors)}`)
    checked++
  }
  for (const [name, module] of Object.entries(MODULES)) {
    for (const [exported, value] of Object.entries(module)) {
      if (isSchema(value)) check(value, `${name}.${exported}`)
    }
  }
  for (const tool of pickToolset('all')) check(tool.inputSchema as object, `tool ${tool.name}`)
  t.same(schemas.problems, [], 'every route and tool schema is a valid JSON Schema')
  t.ok(checked > 100, `${checked} schemas checked`)
})
