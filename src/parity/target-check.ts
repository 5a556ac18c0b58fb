// Whether a base URL is the drawing API with a working key, read from its first answer (GET /workspaces).
import { RunError, type Answer } from './types.js'

/** The first answer (GET /workspaces) must be the API's: a workspace, or the API's own 403 envelope. */
export function firstAnswerCheck (target: string): (answer: Answer) => void {
  return (answer) => {
    if (answer.status === 401) throw new RunError(`the target refused the key: GET ${target}/workspaces answered 401 (check --key)`)
    const body = answer.body as Record<string, unknown> | null
    const isObject = answer.json && typeof body === 'object' && body !== null && !Array.isArray(body)
    const ours = isObject && (answer.status === 200 || (answer.status === 403 && body.statusCode === 403))
    if (!ours) {
      throw new RunError(`${target} does not answer as the drawing API: GET /workspaces answered ${answer.status} ${answer.headers['content-type'] ?? 'with no content type'}`)
    }
  }
}

