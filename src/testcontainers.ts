// The Testcontainers module (`drawing-api-emulator/testcontainers`): the emulator's image as a typed container with
// its wait strategy, the demo keys and the URLs a suite needs, as Testcontainers' own LocalStack and WireMock modules
// are. `testcontainers` is an optional peer dependency: this module imports the user's copy. It imports nothing else
// of the emulator (a suite that uses it never loads the emulator in process).
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer, type StopOptions, type StoppedTestContainer } from 'testcontainers'

/** The port the image listens on. */
export const EMULATOR_PORT = 4000

/** The image `docker build -t drawing-api-emulator .` makes; pass the published one's name to use that instead. */
export const DEFAULT_IMAGE = 'drawing-api-emulator:latest'

/** Keys of the image's bundled demo fixtures (README, Demo keys); own fixtures bring their own keys. */
export interface DemoKeys {
  /** A full workspace key of Acme Product Design. */
  full: string
  /** A read-only workspace key. */
  read: string
  /** Ada's personal key (an admin: also sees the private collection). */
  personal: string
  /** Ben's personal key (a member: admin-only routes answer 403). */
  member: string
  /** A full key of the second workspace, Globex Research. */
  other: string
}

export const DEMO_KEYS: Readonly<DemoKeys> = Object.freeze({
  full: 'sk-demo-full',
  read: 'sk-demo-read',
  personal: 'uk-demo-personal',
  member: 'uk-demo-member',
  other: 'sk-demo-other'
})

/** Keys of the image's `minimal` fixture set (`withBundledFixtures('minimal')`), in the same roles. */
export const MINIMAL_KEYS: Readonly<DemoKeys> = Object.freeze({
  full: 'sk-test-full',
  read: 'sk-test-read',
  personal: 'uk-test-admin',
  member: 'uk-test-member',
  other: 'sk-test-other'
})

const BUNDLED_KEYS: Readonly<Record<'default' | 'minimal', Readonly<DemoKeys>>> = { default: DEMO_KEYS, minimal: MINIMAL_KEYS }

/** A SIGTERM and this long to close (the emulator needs well under a second); Testcontainers' own default kills. */
const STOP_TIMEOUT_MS = 10_000

export class DrawingApiEmulatorContainer extends GenericContainer {
  private adminToken: string | undefined
  /** The keys of the fixtures the container will run; undefined for a folder of the user's own. */
  private fixtureKeys: Readonly<DemoKeys> | undefined = DEMO_KEYS

  constructor (image: string = DEFAULT_IMAGE) {
    super(image)
    this.withExposedPorts(EMULATOR_PORT)
      .withWaitStrategy(Wait.forHttp('/_emulator/health', EMULATOR_PORT).forStatusCode(200))
      .withStartupTimeout(60_000)
  }

  /**
   * A fixture set folder of this machine (docs/fixtures.md), mounted read-only; its keys replace the demo keys. The
   * emulator runs as uid 1000 in the container: on Linux the folder must be readable by it (a mkdtemp folder is not).
   */
  withFixtures (hostFolder: string): this {
    this.fixtureKeys = undefined
    return this.withBindMounts([{ source: hostFolder, target: '/fixtures', mode: 'ro' }])
      .withEnvironment({ EMULATOR_FIXTURES: '/fixtures' })
  }

  /** One of the fixture sets in the image by name: `default` (the demo workspaces) or `minimal`. */
  withBundledFixtures (name: 'default' | 'minimal'): this {
    this.fixtureKeys = BUNDLED_KEYS[name]
    return this.withEnvironment({ EMULATOR_FIXTURES: name })
  }

  /** Ids the emulator mints become reproducible. */
  withSeed (seed: number): this {
    return this.withEnvironment({ EMULATOR_SEED: String(seed) })
  }

  /** The admin API (`/_emulator`, health excepted) then needs `Authorization: Bearer <token>`. */
  withAdminToken (token: string): this {
    this.adminToken = token
    return this.withEnvironment({ EMULATOR_ADMIN_TOKEN: token })
  }

  /** Settings as environment variables (docs/configuration.md), e.g. `{ EMULATOR_DRIFT: 'on' }`. */
  withSettings (settings: Record<string, string>): this {
    return this.withEnvironment(settings)
  }

  override async start (): Promise<StartedDrawingApiEmulatorContainer> {
    return new StartedDrawingApiEmulatorContainer(await super.start(), this.adminToken, this.fixtureKeys)
  }
}

export class StartedDrawingApiEmulatorContainer extends AbstractStartedContainer {
  private readonly adminToken: string | undefined
  private readonly fixtureKeys: Readonly<DemoKeys> | undefined

  constructor (started: StartedTestContainer, adminToken: string | undefined, fixtureKeys: Readonly<DemoKeys> | undefined) {
    super(started)
    this.adminToken = adminToken
    this.fixtureKeys = fixtureKeys
  }

  /**
   * The keys of the bundled fixture set it runs (DEMO_KEYS, or MINIMAL_KEYS after `withBundledFixtures('minimal')`).
   * After `withFixtures` it throws: the emulator only knows the keys in that folder's keys.json files.
   */
  get keys (): Readonly<DemoKeys> {
    if (this.fixtureKeys === undefined) throw new Error('keys: this container runs your own fixtures (withFixtures): use the keys of their keys.json files')
    return this.fixtureKeys
  }

  /** Origin, e.g. http://localhost:32768 (for clients that append /api/v1 themselves). */
  getBaseUrl (): string {
    return `http://${this.getHost()}:${this.getMappedPort(EMULATOR_PORT)}`
  }

  /** Base of the public API: `${getBaseUrl()}/api/v1`. */
  getApiUrl (): string {
    return `${this.getBaseUrl()}/api/v1`
  }

  /** Base of the admin API: `${getBaseUrl()}/_emulator`. */
  getAdminUrl (): string {
    return `${this.getBaseUrl()}/_emulator`
  }

  /** Headers for the admin API: the admin token's, or none when the container has no token. */
  getAdminHeaders (): Record<string, string> {
    return this.adminToken === undefined ? {} : { authorization: `Bearer ${this.adminToken}` }
  }

  /** SIGTERM, so the emulator closes its database and exits 0; a timeout of 0 kills at once. */
  override async stop (options: Partial<StopOptions> = {}): Promise<StoppedTestContainer> {
    return await super.stop({ timeout: STOP_TIMEOUT_MS, ...options })
  }
}
