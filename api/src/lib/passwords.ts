import argon2 from 'argon2';
import type { PasswordHashingConfig } from '../config';

/** argon2id hashing with a constant-time answer for unknown accounts. */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly options: PasswordHashingConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.options });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a corrupt or foreign hash never authenticates
    }
  }

  /** Hashes made with older (weaker) parameters are upgraded at the next successful login. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.options);
    } catch {
      return true;
    }
  }

  /**
   * Spends the same time as a real verification, for logins with an unknown e-mail:
   * otherwise the fast reply would tell an attacker which addresses have accounts.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('rifaria-dummy-password-for-timing');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
