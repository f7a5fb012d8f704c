// One catalog field as the form renders it (FieldControl inside react-hook-form): a short list of choices is a
// radio group that moves with the arrow keys, a boolean is a switch that Space toggles, and an error the form
// finds is shown beside its control and describes it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '../../shared/catalog';
import { FieldControl, type FormValues } from '../../renderer/features/create/field-control';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

/** What every field spec carries besides its control's shape. */
const spec = { description: 'a test field', clause: '[TEST-1]' };

function Harness({
  field,
  defaults,
  error,
}: {
  field: FieldSpec;
  defaults: FormValues;
  error?: string;
}): ReactElement {
  const { control, register, watch } = useForm<FormValues>({ defaultValues: defaults });
  return (
    <>
      <FieldControl field={field} form={{ control, register }} error={error} />
      <output data-testid="value">{JSON.stringify(watch(field.name))}</output>
    </>
  );
}

describe('FieldControl', () => {
  it('moves a short list of choices with the arrow keys', async () => {
    serveBridge();
    const user = userEvent.setup();
    const field: FieldSpec = {
      ...spec,
      name: 'test_quality',
      type: 'enum',
      required: false,
      values: ['low', 'mid', 'high'],
    };
    renderWithStudio(<Harness field={field} defaults={{ test_quality: 'low' }} />);
    const group = screen.getByRole('radiogroup', { name: 'test quality' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'low' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'low' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'mid' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'mid' })).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent('"mid"');
  });

  it('toggles a boolean switch with Space', async () => {
    serveBridge();
    const user = userEvent.setup();
    const field: FieldSpec = { ...spec, name: 'test_watermark', type: 'boolean', required: false };
    renderWithStudio(<Harness field={field} defaults={{ test_watermark: false }} />);
    const toggle = screen.getByRole('switch', { name: /test watermark/ });
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('true');
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });

  it('shows a number field’s error beside it and marks the field invalid, described by the error', () => {
    serveBridge();
    const field: FieldSpec = {
      ...spec,
      name: 'test_seconds',
      type: 'number',
      required: false,
      min: 1,
      max: 10,
    };
    renderWithStudio(
      <Harness field={field} defaults={{ test_seconds: 42 }} error="Must be between 1 and 10." />,
    );
    const input = screen.getByRole('spinbutton', { name: /test seconds/ });
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '10');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Must be between 1 and 10.'));
    expect(screen.getByText('Must be between 1 and 10.')).toBeVisible();
  });
});
