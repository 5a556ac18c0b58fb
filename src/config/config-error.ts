// The one error a bad setting raises: its message is the one line the process prints before it exits.
export class ConfigError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}
