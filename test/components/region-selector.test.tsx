// The selection tools of "Edit a region": a rectangle, a lasso and a brush drawn with a pointer, and the
// numeric fields for the keyboard, each giving the selection in the picture's own pixels.
import { useState, type ReactElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RegionSelection } from '../../shared/studio/region-selection';
import { RegionSelector } from '../../renderer/features/region-edit/region-selector';

const SIZE = { width: 400, height: 200 };

function Harness({ onChange }: { onChange: (s: RegionSelection | null) => void }): ReactElement {
  const [selection, setSelection] = useState<RegionSelection | null>(null);
  return (
    <RegionSelector
      src="data:image/png;base64,"
      alt="a harbour"
      size={SIZE}
      selection={selection}
      onChange={(next) => {
        setSelection(next);
        onChange(next);
      }}
    />
  );
}

/** The surface is shown at half the picture's size: 200 × 100 on screen. */
function surface(): SVGSVGElement {
  const svg = screen.getByRole('img', { name: 'The picture: drag to select' }) as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () =>
    ({ left: 10, top: 20, width: 200, height: 100, right: 210, bottom: 120, x: 10, y: 20 }) as DOMRect;
  return svg;
}

function drag(svg: SVGSVGElement, points: [number, number][]): void {
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(svg, { clientX: first[0], clientY: first[1], button: 0, pointerId: 1 });
  for (const [x, y] of rest) fireEvent.pointerMove(svg, { clientX: x, clientY: y, pointerId: 1 });
  const last = rest[rest.length - 1] ?? first;
  fireEvent.pointerUp(svg, { clientX: last[0], clientY: last[1], pointerId: 1 });
}

describe('RegionSelector', () => {
  it('draws a rectangle in the picture’s pixels and shows it in the numeric fields', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    drag(surface(), [
      [30, 30],
      [60, 45],
      [80, 60],
    ]);
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'rect', x: 40, y: 20, w: 100, h: 60 });
    expect(screen.getByLabelText('X')).toHaveValue('40');
    expect(screen.getByLabelText('Width')).toHaveValue('100');
  });

  it('draws a lasso and a brush stroke', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Lasso' }));
    drag(surface(), [
      [20, 30],
      [100, 30],
      [100, 90],
      [20, 90],
    ]);
    const lasso = onChange.mock.lastCall?.[0] as RegionSelection;
    expect(lasso.kind).toBe('lasso');
    expect(lasso.kind === 'lasso' && lasso.points[0]).toEqual([20, 20]);
    expect(lasso.kind === 'lasso' && lasso.points.length).toBeGreaterThanOrEqual(3);

    await user.click(screen.getByRole('radio', { name: 'Brush' }));
    const radius = screen.getByLabelText('Brush radius (pixels)');
    fireEvent.change(radius, { target: { value: '12' } });
    drag(surface(), [
      [30, 40],
      [90, 70],
    ]);
    expect(onChange.mock.lastCall?.[0]).toEqual({
      kind: 'brush',
      radius: 12,
      strokes: [
        [
          [40, 40],
          [160, 100],
        ],
      ],
    });
  });

  it('takes a rectangle from the keyboard, and says so when it goes past the picture', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(screen.getByLabelText('X'), '10');
    await user.type(screen.getByLabelText('Y'), '20');
    await user.type(screen.getByLabelText('Width'), '50');
    await user.type(screen.getByLabelText('Height'), '30');
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'rect', x: 10, y: 20, w: 50, h: 30 });
    onChange.mockClear();
    await user.clear(screen.getByLabelText('Width'));
    await user.type(screen.getByLabelText('Width'), '500');
    expect(screen.getByRole('alert')).toHaveTextContent('goes past the picture, which is 400 × 200 pixels');
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ w: 500 }));
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
