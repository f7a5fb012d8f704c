// Settings › Proxy: a proxy address is saved as main keeps it; one that is not a proxy's is said at
// the field and never sent; emptying the field clears it (the environment decides again).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../shared/bridge/session-schemas';
import { ProxySection } from '../../renderer/features/settings/proxy-section';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

describe('ProxySection', () => {
  it('saves a proxy address and shows it as main keeps it', async () => {
    const update = vi.fn(async (patch: SettingsPatch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    serveBridge({ settings: { get: async () => DEFAULT_SETTINGS, update } });
    renderWithStudio(<ProxySection settings={DEFAULT_SETTINGS} />);
    await userEvent.type(screen.getByLabelText('Proxy'), ' socks5://10.0.0.2:1080/ ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ proxy: 'socks5://10.0.0.2:1080' }));
    // The field shows the address as main keeps it.
    await waitFor(() => expect(screen.getByLabelText('Proxy')).toHaveValue('socks5://10.0.0.2:1080'));
  });

  it('says at the field that an address is not a proxy address, and sends nothing', async () => {
    const update = vi.fn(async (patch: SettingsPatch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    serveBridge({ settings: { get: async () => DEFAULT_SETTINGS, update } });
    renderWithStudio(<ProxySection settings={DEFAULT_SETTINGS} />);
    await userEvent.type(screen.getByLabelText('Proxy'), 'proxy.example:8080');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Not a proxy address: write it as http://host:port, https://host:port or socks5://host:port.',
      ),
    ).toBeVisible();
    expect(update).not.toHaveBeenCalled();
  });

  it('an emptied field clears the proxy', async () => {
    const update = vi.fn(async (patch: SettingsPatch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    serveBridge({ settings: { get: async () => DEFAULT_SETTINGS, update } });
    renderWithStudio(<ProxySection settings={{ ...DEFAULT_SETTINGS, proxy: 'http://127.0.0.1:3128' }} />);
    await userEvent.clear(screen.getByLabelText('Proxy'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ proxy: null }));
  });
});
