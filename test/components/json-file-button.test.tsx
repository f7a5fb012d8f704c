// The one import button of presets, recipes and styles: pressing it opens the file dialog (the hidden input's
// click), a picked file's text is handed over, a failure reaches onError, and the same file can be picked twice.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JsonFileButton } from '../../renderer/ui/json-file-button';

const file = (text: string) => new File([text], 'presets.json', { type: 'application/json' });

describe('JsonFileButton', () => {
  it('opens the file dialog from the button and hands over the picked file as text, twice over', async () => {
    const user = userEvent.setup();
    const onText = vi.fn(async (_text: string) => undefined);
    const onError = vi.fn();
    render(<JsonFileButton label="Import…" onText={onText} onError={onError} />);
    const input = screen.getByLabelText<HTMLInputElement>('Import…', { selector: 'input' });
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await user.click(screen.getByRole('button', { name: 'Import…' }));
    expect(opened).toHaveBeenCalledOnce();
    await user.upload(input, file('{"presets":[]}'));
    await waitFor(() => expect(onText).toHaveBeenCalledWith('{"presets":[]}'));
    expect(input.value).toBe('');
    await user.upload(input, file('{"presets":[]}'));
    await waitFor(() => expect(onText).toHaveBeenCalledTimes(2));
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells onError what the import refused', async () => {
    const user = userEvent.setup();
    const refusal = new Error('not a preset file');
    const onError = vi.fn();
    render(<JsonFileButton label="Import…" onText={() => Promise.reject(refusal)} onError={onError} />);
    await user.upload(screen.getByLabelText('Import…', { selector: 'input' }), file('nonsense'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(refusal));
  });
});
