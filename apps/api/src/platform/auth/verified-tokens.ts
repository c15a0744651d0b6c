/** What the API needs of an access token once its signature and claims have been checked. */
export type VerifiedToken = { userId: number; sessionId: string; expiresAt: number };

/**
 * Access tokens whose signature and claims were already checked, until they expire (decision 134):
 * the RSA check is most of a signed-in request's own CPU, and a browser sends the same token with
 * every call for its lifetime. Keyed by the whole token, so only the very same string skips the
 * check; the session and the user are still read from the database on every request, so a
 * sign-out, a stopped account or a changed permission takes effect at once. Bounded: past `max`
 * tokens the oldest entry goes (it is checked again when it comes back). One per resolver.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(
    private readonly max = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token's claims while it has not expired; undefined when it was not seen (or expired). */
  get(token: string): VerifiedToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  add(token: string, entry: VerifiedToken): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}
