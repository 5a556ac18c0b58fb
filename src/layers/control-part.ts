// What every piece of harness state has in common: POST /_emulator/reset can return it to its start.

export interface ControlPart {
  /** Back to the settings the process started with (configuration, not fixtures). */
  reset (): void
}
