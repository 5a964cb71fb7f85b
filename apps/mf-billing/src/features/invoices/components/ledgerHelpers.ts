import type { LedgerEntryDto } from '@zunft/contracts';
import { formatNumber } from '@zunft/web-common';

/** A ledger entry with the open amount after it (the running balance, computed here in Rappen). */
export interface LedgerRow extends LedgerEntryDto {
  running: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The Kontoauszug's rows in the API's order (oldest first, newest last), each with the sum of the
 * signed amounts up to and including it. Summed in whole cents, so 0.1 + 0.2 stays 0.30.
 */
export function withRunningBalance(entries: readonly LedgerEntryDto[]): LedgerRow[] {
  let sum = 0;
  return entries.map((entry) => {
    sum += cents(entry.amount);
    return { ...entry, running: sum / 100 };
  });
}

/** A signed amount: '+1’081.00' raises what the customer owes, '−81.00' lowers it, '0.00' neither. */
export function formatSignedAmount(amount: number): string {
  const c = cents(amount);
  if (c === 0) return formatNumber(0, 2);
  const sign = c > 0 ? '+' : '\u2212';
  return `${sign}${formatNumber(Math.abs(c) / 100, 2)}`;
}

/** The first 12 hex digits of a SHA-256, grouped by four ('3f2a 9c01 be77'). */
export function shortHash(sha256: string): string {
  return (
    sha256
      .slice(0, 12)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
