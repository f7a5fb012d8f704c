// The header's two balances: the key's ([EP-TBAL-1]) and the account's ([EP-UBAL-1]), with an unlimited key
// ([TBAL-7]) and success:false answers ([EP-TBAL-2], [EP-UBAL-2]) as sentences.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BalanceBadge } from '../../renderer/app/balance-badge';
import { BridgeError } from '../../shared/bridge/errors';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const ok = { success: true as const, usedBalance: 1, usedCredits: 10 };

describe('BalanceBadge', () => {
  it('[EP-TBAL-1] [EP-UBAL-1] shows the key balance beside the account balance, one decimal rule for both', async () => {
    serveBridge({
      account: {
        balance: async () => ({ ...ok, unlimited: false, remainBalance: 12.5, remainCredits: 125 }),
        userBalance: async () => ({ ...ok, remainBalance: 40.123, remainCredits: 401 }),
      },
    });
    renderWithStudio(<BalanceBadge unit="usd" enabled />);
    expect(await screen.findByText('12.50 USD')).toBeVisible();
    expect(await screen.findByText('40.12 USD')).toBeVisible();
    expect(screen.getByText('Key balance')).toBeVisible();
    expect(screen.getByText('Account balance')).toBeVisible();
  });

  it('[TBAL-7] [EP-UBAL-2] says an unlimited key and a failed account lookup in sentences', async () => {
    serveBridge({
      account: {
        balance: async () => ({ ...ok, unlimited: true, remainBalance: null, remainCredits: null }),
        userBalance: async () => ({ success: false, message: 'quota record not found' }),
      },
    });
    renderWithStudio(<BalanceBadge unit="credits" enabled />);
    expect(await screen.findByText('Unlimited: this key has no quota limit.')).toBeVisible();
    expect(await screen.findByText('Account balance unavailable: quota record not found')).toBeVisible();
  });

  it('[TBAL-8] shows credits when the user chose credits, with the decimals every amount of money has', async () => {
    serveBridge({
      account: {
        balance: async () => ({ ...ok, unlimited: false, remainBalance: 12.5, remainCredits: 125 }),
        // A gateway may report decimal credits; the header shows them as the costs do, never rounded away.
        userBalance: async () => ({ ...ok, remainBalance: 40, remainCredits: 0.35 }),
      },
    });
    renderWithStudio(<BalanceBadge unit="credits" enabled />);
    expect(await screen.findByText('125.00 credits')).toBeVisible();
    expect(await screen.findByText('0.3500 credits')).toBeVisible();
  });

  it('[TBAL-8] a balance in CNY is shown in CNY, never as USD', async () => {
    serveBridge({
      account: {
        balance: async () => ({
          ...ok,
          unlimited: false,
          remainBalance: 355.25,
          remainCredits: 500.5,
          unit: 'CNY',
        }),
        userBalance: async () => ({ ...ok, remainBalance: 12.5, remainCredits: 125, unit: 'credits' }),
      },
    });
    renderWithStudio(<BalanceBadge unit="usd" enabled />);
    expect(await screen.findByText('355.25 CNY')).toBeVisible();
    expect(await screen.findByText('12.50 credits')).toBeVisible();
    expect(screen.queryByText(/USD/)).not.toBeInTheDocument();
  });

  it('[AUTH-2] [EP-TBAL-3] says a refused key once, not on both chips side by side', async () => {
    const refused = () => {
      throw new BridgeError({
        httpStatus: 401,
        type: 'authentication_error',
        code: 'invalid_api_key',
        message: 'Invalid API key',
      });
    };
    serveBridge({ account: { balance: async () => refused(), userBalance: async () => refused() } });
    renderWithStudio(<BalanceBadge unit="usd" enabled />);
    const chip = await screen.findByTestId('balance');
    await vi.waitFor(() => expect(chip).toHaveClass('is-error'));
    expect(screen.queryByTestId('account-balance')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').filter((s) => s.classList.contains('is-error'))).toHaveLength(1);
  });
});
