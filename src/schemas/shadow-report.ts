// The shadow report's plain types, re-exported from their one declaration (formats/report-types.ts, checked against
// the report's schema in formats/report.ts), and the port a running shadow hands the emulator.
import type { ShadowReport } from '../formats/report-types.js'

export type {
  ShadowAcceptedDifference, ShadowDifference, ShadowFailure, ShadowKey, ShadowOperation, ShadowReport, ShadowRequestRef, ShadowState
} from '../formats/report-types.js'

/** What a running shadow hands the emulator it compares with: the report so far, and its clearing. */
export interface ShadowSource {
  report (): ShadowReport
  clear (): void
}
