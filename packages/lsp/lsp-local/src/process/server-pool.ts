/** Longest delay a Node timer honours (about 24.8 days); above it a timer fires at once. */
const MAX_TIMER_MS = 2_147_483_647

/** The bounds of a {@link ServerPool}. */
export interface ServerPoolBounds {
  /** A server with no query for this long is stopped (ms); not finite or above ~24.8 days: never. */
  readonly idleShutdownMs: number
  /** Servers kept running at most; beyond it the least recently used idle one is stopped. */
  readonly maxLiveServers: number
}

interface Entry<S> {
  readonly session: Promise<S>
  /** Whether the session started (or is starting): a broken start holds no process. */
  live: boolean
  /** Queries using it now; it is never stopped while this is above zero. */
  inFlight: number
  /**
   * When its last query ended (or it was added), as a tick of the pool's clock (higher is more
   * recent). A busy server is never a candidate, whatever its tick.
   */
  lastUsed: number
  idleTimer: NodeJS.Timeout | undefined
}

/**
 * Which servers live, one per server root: started on first use, shared by concurrent users,
 * stopped after `idleShutdownMs` without use, and the least recently used idle one stopped when
 * more than `maxLiveServers` would run. A server with work in flight is never stopped by the
 * pool: while every live server is busy the bound may be exceeded, and is restored as soon as one
 * is idle. A session whose start failed stays (broken, reported to every user) until `forget`.
 */
export class ServerPool<S> {
  readonly #entries = new Map<string, Entry<S>>()
  readonly #stopping = new Set<Promise<void>>()
  #clock = 0

  constructor(
    private readonly bounds: ServerPoolBounds,
    /** Stops a session politely (`shutdown`, `exit`, kill); never rejects. */
    private readonly stop: (session: S) => Promise<void>,
  ) {}

  /**
   * Run `work` with `root`'s session, started by `start` if there is none (a synchronous throw
   * of `start` rejects and keeps nothing); the session counts as in flight until `work` settles.
   */
  async use<T>(root: string, start: () => Promise<S>, work: (session: Promise<S>) => Promise<T>): Promise<T> {
    const entry = this.#entries.get(root) ?? this.#add(root, start())
    entry.inFlight++
    clearTimeout(entry.idleTimer)
    entry.idleTimer = undefined
    try {
      return await work(entry.session)
    } finally {
      entry.inFlight--
      entry.lastUsed = ++this.#clock
      if (entry.inFlight === 0 && this.#entries.get(root) === entry) this.#armIdle(root, entry)
      this.#enforceBound()
    }
  }

  /** Forget `root`'s session if it is still `session` (its process is gone): the next use starts anew. */
  forget(root: string, session: Promise<S>): void {
    const entry = this.#entries.get(root)
    if (entry?.session !== session) return
    clearTimeout(entry.idleTimer)
    this.#entries.delete(root)
  }

  /** Whether `root` has a live session with no query in flight (one {@link stopIdle} would stop). */
  isIdle(root: string): boolean {
    const entry = this.#entries.get(root)
    return entry !== undefined && entry.live && entry.inFlight === 0
  }

  /**
   * Stop `root`'s session now if it is idle (see {@link isIdle}), as the bound would; the next use
   * starts another. Returns whether it stopped one. A session with work in flight is never stopped.
   */
  stopIdle(root: string): boolean {
    const entry = this.#entries.get(root)
    if (entry === undefined || !entry.live || entry.inFlight > 0) return false
    this.#evict(root, entry)
    return true
  }

  /** Servers running or starting. */
  get liveCount(): number {
    return [...this.#entries.values()].filter((entry) => entry.live).length
  }

  /** Stop every server (those being stopped included); the pool is empty afterwards. */
  async stopAll(): Promise<void> {
    const entries = [...this.#entries.values()]
    this.#entries.clear()
    for (const entry of entries) clearTimeout(entry.idleTimer)
    await Promise.all([...entries.map((entry) => this.#stopSession(entry.session)), ...this.#stopping])
  }

  /** Add a session that just started starting, making room for it under the bound. */
  #add(root: string, session: Promise<S>): Entry<S> {
    this.#evictFor(1)
    const entry: Entry<S> = { session, live: true, inFlight: 0, lastUsed: this.#clock, idleTimer: undefined }
    session.catch(() => {
      entry.live = false
    })
    this.#entries.set(root, entry)
    return entry
  }

  #armIdle(root: string, entry: Entry<S>): void {
    const { idleShutdownMs } = this.bounds
    if (!entry.live || !Number.isFinite(idleShutdownMs) || idleShutdownMs > MAX_TIMER_MS) return
    entry.idleTimer = setTimeout(() => {
      if (this.#entries.get(root) === entry && entry.inFlight === 0) this.#evict(root, entry)
    }, Math.max(0, idleShutdownMs))
    entry.idleTimer.unref() // an idle server must not keep the host alive
  }

  /** Stop least recently used idle servers until `room` more fit under the bound. */
  #evictFor(room: number): void {
    while (this.liveCount + room > this.bounds.maxLiveServers) {
      let oldest: [string, Entry<S>] | undefined
      for (const pair of this.#entries) {
        const [, entry] = pair
        if (entry.live && entry.inFlight === 0 && (oldest === undefined || entry.lastUsed < oldest[1].lastUsed)) oldest = pair
      }
      if (oldest === undefined) return // every live server is busy: over the bound until one is idle
      this.#evict(...oldest)
    }
  }

  #enforceBound(): void {
    this.#evictFor(0)
  }

  #evict(root: string, entry: Entry<S>): void {
    clearTimeout(entry.idleTimer)
    this.#entries.delete(root)
    const stopped = this.#stopSession(entry.session)
    this.#stopping.add(stopped)
    void stopped.finally(() => this.#stopping.delete(stopped))
  }

  #stopSession(session: Promise<S>): Promise<void> {
    return session.then((s) => this.stop(s), () => {})
  }
}
