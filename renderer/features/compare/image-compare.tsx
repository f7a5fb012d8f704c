// Two pictures side by side, or one over the other with a divider to drag. The divider is a
// slider for keyboard and screen readers: ←/→ move it, Shift moves it further, Home/End to the edges.
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../ui/segmented';

export type ImageView = 'side' | 'slider';

interface Side {
  src: string;
  label: string;
}

const STEP = 2;
const BIG_STEP = 10;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

function Slider({ a, b }: { a: Side; b: Side }): ReactElement {
  const { t } = useTranslation();
  // Percent of the width showing A, from the left.
  const [position, setPosition] = useState(50);
  const stage = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = stage.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((event.clientX - box.left) / box.width) * 100));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      PageDown: position - BIG_STEP,
      PageUp: position + BIG_STEP,
      Home: 0,
      End: 100,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setPosition(clamp(to));
  };

  const rounded = Math.round(position);
  return (
    <div
      ref={stage}
      className="compare-slider"
      data-testid="compare-slider"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) moveTo(event);
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
    >
      {/* B underneath, A above it clipped to the divider: what is left of the line is A. */}
      <img src={b.src} alt={b.label} draggable={false} />
      <img
        src={a.src}
        alt={a.label}
        draggable={false}
        className="compare-slider-top"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="compare-slider-tag is-a" aria-hidden="true">
        A
      </span>
      <span className="compare-slider-tag is-b" aria-hidden="true">
        B
      </span>
      <div
        className="compare-divider"
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label={t('compare.divider')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t('compare.dividerValue', { a: rounded, b: 100 - rounded })}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
      >
        <span className="compare-divider-grip" aria-hidden="true">
          ‹›
        </span>
      </div>
    </div>
  );
}

export function ImageCompare({ a, b }: { a: Side; b: Side }): ReactElement {
  const { t } = useTranslation();
  const [view, setView] = useState<ImageView>('side');
  return (
    <div className="compare-images">
      <Segmented
        name="compare-view"
        label={t('compare.view')}
        value={view}
        onChange={setView}
        options={[
          { value: 'side', label: t('compare.sideBySide') },
          { value: 'slider', label: t('compare.slider') },
        ]}
      />
      {view === 'side' ? (
        <div className="compare-side" data-testid="compare-side">
          {[a, b].map((side, index) => (
            <figure key={index}>
              <img src={side.src} alt={side.label} draggable={false} />
              <figcaption>
                <span className="compare-letter">{index === 0 ? 'A' : 'B'}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      ) : (
        <Slider a={a} b={b} />
      )}
    </div>
  );
}
