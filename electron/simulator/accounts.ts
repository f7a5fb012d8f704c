// Magic keys (like a payment sandbox's test cards), their users and balances. Money is held in US dollars;
// credits are always dollars x 10, the same ratio the usage report uses ([UREP-STAT-2], [TBAL-8]).
import { BlockList, isIP } from 'node:net';
import { SimError } from './errors';

export const SIM_KEYS = {
  /** A user with 50 USD. */
  default: 'sim-key-default',
  /** A second key of the same user: scope=account differs from scope=key. */
  default2: 'sim-key-default-2',
  /** unlimited_quota: remain_balance and remain_credits are -1. */
  unlimited: 'sim-key-unlimited',
  /** Zero balance: generation answers 402, usage still works. */
  empty: 'sim-key-empty',
  /** Token record missing: token balance answers 200 success:false. */
  orphan: 'sim-key-orphan',
  /** Another user: reading the default user's tasks answers 403. */
  other: 'sim-key-other',
  /** The user's quota record is missing: user balance answers 200 success:false ([EP-UBAL-2]). */
  userQuotaMissing: 'sim-key-user-quota-missing',
  /** The user's used-quota record is missing: user balance answers 200 success:false ([EP-UBAL-2]). */
  userUsedMissing: 'sim-key-user-used-missing',
  /** An expired key: 401 authentication_error on every endpoint, usage included ([AUTH-3], [AUTH-4]). */
  expired: 'sim-key-expired',
  /** A key whose account is disabled: 403 permission_error on every endpoint ([AUTH-3], [AUTH-4]). */
  disabledAccount: 'sim-key-disabled-account',
  /** A key with an IP allowlist (203.0.113.0/24) that no local caller is on: 403 everywhere ([AUTH-3]). */
  ipRestricted: 'sim-key-ip-restricted',
} as const;

/** The allowlist of sim-key-ip-restricted: a documentation range (RFC 5737), never a local address. */
export const RESTRICTED_KEY_NETWORK = '203.0.113.0/24';

export type SimKeyName = keyof typeof SIM_KEYS;

export interface SimUser {
  id: string;
  remainUsd: number;
  usedUsd: number;
  quotaRecordMissing: boolean;
  usedRecordMissing: boolean;
  disabled: boolean;
}

export interface SimToken {
  key: string;
  /** A short id for ledgers and caches, so the secret itself is never stored beside usage rows. */
  id: string;
  user: SimUser;
  /** null: unlimited_quota. */
  remainUsd: number | null;
  usedUsd: number;
  recordMissing: boolean;
  expired: boolean;
  /** null: any caller; else only addresses on this list may use the key. */
  allowlist: BlockList | null;
}

const CREDITS_PER_USD = 10;
export const usdToCredits = (usd: number): number => usd * CREDITS_PER_USD;
export const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

export class Accounts {
  private readonly tokens = new Map<string, SimToken>();
  readonly users = new Map<string, SimUser>();

  constructor() {
    const user = (id: string, remainUsd: number, flags: Partial<SimUser> = {}): SimUser => {
      const created: SimUser = {
        id,
        remainUsd,
        usedUsd: 0,
        quotaRecordMissing: false,
        usedRecordMissing: false,
        disabled: false,
        ...flags,
      };
      this.users.set(id, created);
      return created;
    };
    const studio = user('user-studio', 50);
    const token = (
      name: SimKeyName,
      owner: SimUser,
      remainUsd: number | null,
      flags: Partial<Pick<SimToken, 'recordMissing' | 'expired' | 'allowlist'>> = {},
    ): void => {
      const key = SIM_KEYS[name];
      this.tokens.set(key, {
        key,
        id: `tok-${name}`,
        user: owner,
        remainUsd,
        usedUsd: 0,
        recordMissing: false,
        expired: false,
        allowlist: null,
        ...flags,
      });
    };
    token('default', studio, 50);
    token('default2', studio, 25);
    token('unlimited', user('user-unlimited', 1000), null);
    token('empty', user('user-empty', 0), 0);
    token('orphan', user('user-orphan', 10), 10, { recordMissing: true });
    token('other', user('user-other', 30), 30);
    token('userQuotaMissing', user('user-no-quota', 5, { quotaRecordMissing: true }), 5);
    token('userUsedMissing', user('user-no-used', 5, { usedRecordMissing: true }), 5);
    token('expired', user('user-expired-key', 5), 5, { expired: true });
    token('disabledAccount', user('user-disabled', 5, { disabled: true }), 5);
    const allowlist = new BlockList();
    const [network = '', prefix = '24'] = RESTRICTED_KEY_NETWORK.split('/');
    allowlist.addSubnet(network, Number(prefix), 'ipv4');
    token('ipRestricted', user('user-ip-restricted', 5), 5, { allowlist });
  }

  /**
   * [AUTH-1], [AUTH-2], [ERR-4]: resolves the Bearer token or throws the 401 the spec describes; [AUTH-3] key
   * expiry (401), IP allowlist and account status (403) are checked on every endpoint, usage included.
   */
  authenticate(header: string | undefined, remoteAddress?: string): SimToken {
    if (header === undefined || header.trim() === '') {
      throw new SimError({
        status: 401,
        type: 'authentication_error',
        message: 'No Authorization header was provided. Send Authorization: Bearer <API_KEY>.',
      });
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const token = match?.[1] ? this.tokens.get(match[1]) : undefined;
    if (!token) {
      throw new SimError({
        status: 401,
        type: 'authentication_error',
        message: 'Invalid API key. Check the key or create a new one.',
      });
    }
    if (token.expired) {
      throw new SimError({ status: 401, type: 'authentication_error', message: 'This API key has expired.' });
    }
    if (token.allowlist) {
      const address = remoteAddress ?? '';
      const family = isIP(address);
      if (family === 0 || !token.allowlist.check(address, family === 4 ? 'ipv4' : 'ipv6')) {
        throw new SimError({
          status: 403,
          type: 'permission_error',
          message: `This API key may only be used from ${RESTRICTED_KEY_NETWORK} (IP allowlist); this call came from ${address || 'an unknown address'}.`,
        });
      }
    }
    if (token.user.disabled) {
      throw new SimError({
        status: 403,
        type: 'permission_error',
        message: 'The account of this API key is disabled.',
      });
    }
    return token;
  }

  tokenById(id: string): SimToken | undefined {
    return [...this.tokens.values()].find((t) => t.id === id);
  }

  allTokens(): SimToken[] {
    return [...this.tokens.values()];
  }

  tokensOfUser(user: SimUser): SimToken[] {
    return [...this.tokens.values()].filter((t) => t.user === user);
  }

  /** [SVC-5], [ERR-5]: the call is refused unless both the token and its user can pay for it. */
  assertCanPay(token: SimToken, amountUsd: number): void {
    const tokenShort = token.remainUsd !== null && token.remainUsd < amountUsd;
    if (tokenShort || token.user.remainUsd < amountUsd || (amountUsd > 0 && token.user.remainUsd <= 0)) {
      throw new SimError({
        status: 402,
        type: 'payment_required',
        message: `Insufficient balance: this call costs ${round6(amountUsd)} USD.`,
      });
    }
  }

  /** Pre-charges a call; a failed task gives the money back ([STATE-7]). */
  charge(token: SimToken, amountUsd: number): void {
    if (token.remainUsd !== null) token.remainUsd -= amountUsd;
    token.usedUsd += amountUsd;
    token.user.remainUsd -= amountUsd;
    token.user.usedUsd += amountUsd;
  }

  refund(token: SimToken, amountUsd: number): void {
    this.charge(token, -amountUsd);
  }

  /** Money already spent before the simulator started (the seeded usage history). */
  recordHistory(token: SimToken, amountUsd: number): void {
    token.usedUsd += amountUsd;
    token.user.usedUsd += amountUsd;
  }
}
