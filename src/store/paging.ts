// Offset paging shared by every list: fetch one row more than asked to know whether a next page exists.
import type { Statement } from 'better-sqlite3'
import type { Page } from '../schemas/common.js'

export const DEFAULT_PAGE_SIZE = 10

export interface PageRequest { limit?: number, offset?: number }

/**
 * Runs `statement` (whose last two parameters are LIMIT and OFFSET) and shapes the page.
 * Offsets go in as BigInt because SQLite refuses a non-integer OFFSET and 2^53-1 is legal here.
 */
export function readPage<Row, T> (
  statement: Statement, params: unknown[], request: PageRequest, toItem: (row: Row) => T, skip?: number
): Page<T> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE
  const offset = request.offset ?? 0
  // `skip`: the statement starts further on by itself (store/scene-blocks.ts) and skips only this many rows.
  const rows = statement.all(...params, limit + 1, BigInt(skip ?? offset)) as Row[]
  return {
    limit,
    offset,
    hasNextPage: rows.length > limit,
    data: rows.slice(0, limit).map(toItem)
  }
}
