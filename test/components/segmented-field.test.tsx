// The one labelled chip row the usage, speech, settings and Create pages share: its visible label names the
// radio group, the arrow keys move the choice and report it, and an error is announced and describes the group.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedField } from '../../renderer/ui/segmented-field';

type Format = 'wav' | 'opus' | 'flac';
const OPTIONS = (['wav', 'opus', 'flac'] as const).map((value) => ({ value, label: value.toUpperCase() }));

function Harness({ onChange, error }: { onChange: (v: Format) => void; error?: string }): ReactElement {
  const [value, setValue] = useState<Format>('wav');
  return (
    <SegmentedField<Format>
      id="format"
      name="format"
      label="Format"
      hint="What the file is saved as"
      error={error}
      value={value}
      options={OPTIONS}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('SegmentedField', () => {
  it('is a radio group named by its visible label that the arrow keys move', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Format' });
    expect(group).toHaveAccessibleDescription('What the file is saved as');
    expect(screen.getByRole('radio', { name: 'WAV' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'WAV' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'OPUS' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'OPUS' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('opus');
  });

  it('announces an error and lets it describe the group instead of the hint', () => {
    render(<Harness onChange={() => {}} error="Pick a format" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a format');
    const group = screen.getByRole('radiogroup', { name: 'Format' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Pick a format');
  });
});
