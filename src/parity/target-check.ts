// Whether a base URL is the drawing API with a working key, read from its first answer (GET /workspaces): a
// failing service (5xx, tried twice) and a foreign server (any other answer, or a 200 without a workspace's shape)
// each get their own one line.
import { setTimeout as delay } from 'node:timers/promises'
import { KeyRefused, RunError, type Answer } from './types.js'

/** The workspace record's required fields (the published document): a real answer holds most of them. */
const WORKSPACE_FIELDS = ['id', 'users', 'roles', 'name', 'created', 'picture', 'subscriptionStatus', 'creator', 'updater', 'willCancelAt']

/** True for an object with at least half the workspace's required fields (a beta may rename one or two). */
export function looksLikeWorkspace (body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  return WORKSPACE_FIELDS.filter((field) => Object.hasOwn(body, field)).length * 2 >= WORKSPACE_FIELDS.length
}

function shortBody (answer: Answer): string {
  if (answer.body === null) return 'with no body'
  const text = answer.json ? JSON.stringify(answer.body) : String(answer.body)
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

/** The first answer (GET /workspaces) must be the API's: a workspace, or the API's own 403 envelope. */
export function firstAnswerCheck (target: string): (answer: Answer) => void {
  return (answer) => {
    if (answer.status === 401) throw new KeyRefused(`the target refused the key: GET ${target}/workspaces answered 401 (check --key)`)
    if (answer.status >= 500) {
      throw new RunError(`${target} is failing: GET /workspaces answered ${answer.status} twice, a second apart (the service has a problem; try again later)`)
    }
    const body = answer.body as Record<string, unknown> | null
    const isObject = answer.json && typeof body === 'object' && body !== null && !Array.isArray(body)
    if (isObject && answer.status === 200 && !looksLikeWorkspace(body)) {
      throw new RunError(`${target} is not the drawing API: GET /workspaces answered 200 ${shortBody(answer)}, not a workspace`)
    }
    const ours = isObject && (answer.status === 200 || (answer.status === 403 && body.statusCode === 403))
    if (!ours) {
      throw new RunError(`${target} does not answer as the drawing API: GET /workspaces answered ${answer.status} ${answer.headers['content-type'] ?? 'with no content type'}`)
    }
  }
}

/** GET /workspaces, once more a second later when the service answered 5xx (a busy moment is not a verdict). */
export async function firstContact (send: () => Promise<Answer>, pauseMs = 1000): Promise<Answer> {
  const first = await send()
  if (first.status < 500) return first
  await delay(pauseMs)
  return await send()
}
