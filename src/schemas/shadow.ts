// Control-API schema of the shadow report (/_emulator/shadow): the report's own schema (mode `shadow`), declared
// once in formats/report.ts, so the route answers exactly what the shadow writes to its --report file.
export { ShadowReportSchema } from '../formats/report.js'
