/**
 * API keys on the edge: held only as SHA-256 digests (the API_KEY_DIGESTS secret, in the keys-file
 * format of contract/credentials.ts), never as keys. A presented key is hashed with Web Crypto and
 * compared with every digest, each byte of each, so the time taken does not say which matched or how much.
 */
import { keyDigests, presentedKey, type KeyDigest } from '../contract/credentials.ts';
import type { Refusal } from '../contract/problems.ts';

export type Verdict = KeyDigest | Refusal;

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));

export class EdgeKeys {
  readonly #keys: { key: KeyDigest; digest: Uint8Array }[];

  /** Throws when `text` is not a keys file, or lists none. */
  constructor(text: string, source = 'API_KEY_DIGESTS') {
    const keys = keyDigests(text, source);
    if (keys.length === 0) throw new Error(`${source} lists no key digests`);
    this.#keys = keys.map((key) => ({ key, digest: fromHex(key.digest) }));
  }

  get size(): number {
    return this.#keys.length;
  }

  /** The key an Authorization header presents, or why it is refused. */
  async verdict(header: string | null): Promise<Verdict> {
    const presented = presentedKey(header);
    if (presented === 'missing' || presented === 'malformed') return presented;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(presented)));
    let found: KeyDigest | undefined;
    for (const { key, digest: held } of this.#keys) {
      let difference = 0;
      for (let i = 0; i < held.length; i++) difference |= held[i] ^ digest[i];
      if (difference === 0 && !found) found = key;
    }
    return found ?? 'unknown';
  }
}
