// The selection tools: a rectangle, a lasso or a brush drawn over the picture with a pointer, and the numeric
// fields x, y, w, h for the keyboard (they show the selection's box, and typing in them makes a rectangle). The
// surface is our own SVG over the <img>, in the picture's pixels (viewBox), so no drawing library is needed:
// three shapes and a pointer capture are all a selection takes (docs/library.md says why).
import { useEffect, useId, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionSelection, SelectionKind } from '../../../shared/studio/region-selection';
import { checkSelection } from '../../../shared/studio/region-selection';
import { Button } from '../../ui/button';
import {
  dragRect,
  extendPath,
  fieldsOf,
  lassoOf,
  rectFromFields,
  SELECTION_TOOLS,
  toPicture,
  withStroke,
  type PictureSize,
  type Point,
} from './selection-drawing';

type Fields = Record<'x' | 'y' | 'w' | 'h', string>;
const FIELD_NAMES = ['x', 'y', 'w', 'h'] as const;

const fieldsText = (selection: RegionSelection | null): Fields => {
  const box = fieldsOf(selection);
  return box
    ? { x: String(box.x), y: String(box.y), w: String(box.w), h: String(box.h) }
    : { x: '', y: '', w: '', h: '' };
};

/** The selection drawn in the picture's coordinates. */
function SelectionShape({ selection }: { selection: RegionSelection }): ReactElement {
  const pts = (points: readonly Point[]) => points.map(([x, y]) => `${x},${y}`).join(' ');
  switch (selection.kind) {
    case 'rect':
      return (
        <rect
          className="region-shape"
          x={selection.x}
          y={selection.y}
          width={selection.w}
          height={selection.h}
        />
      );
    case 'lasso':
      return <polygon className="region-shape" points={pts(selection.points)} />;
    case 'brush':
      return (
        <g className="region-brush" strokeWidth={selection.radius * 2}>
          {selection.strokes.map((stroke, i) => (
            <polyline
              key={i}
              points={pts(stroke.length === 1 ? [stroke[0] as Point, stroke[0] as Point] : stroke)}
            />
          ))}
        </g>
      );
  }
}

export function RegionSelector({
  src,
  alt,
  size,
  selection,
  onChange,
}: {
  src: string;
  alt: string;
  size: PictureSize;
  selection: RegionSelection | null;
  onChange: (selection: RegionSelection | null) => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [tool, setTool] = useState<SelectionKind>('rect');
  const [radius, setRadius] = useState(() => Math.max(4, Math.round(Math.max(size.width, size.height) / 40)));
  const [path, setPath] = useState<Point[] | null>(null);
  const [fields, setFields] = useState<Fields>(() => fieldsText(selection));
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);
  const surface = useRef<SVGSVGElement>(null);
  // The fields follow a drawn selection; typing in them leaves them as typed until the next drawing.
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setFields(fieldsText(selection));
  }, [selection]);

  const at = (event: PointerEvent<SVGSVGElement>): Point => {
    const box = surface.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 1, height: 1 };
    return toPicture({ x: event.clientX, y: event.clientY }, box, size);
  };
  const down = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    typing.current = false;
    surface.current?.setPointerCapture?.(event.pointerId);
    setPath([at(event)]);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!path) return;
    const point = at(event);
    setPath(tool === 'rect' ? [path[0] as Point, point] : extendPath(path, point, size));
  };
  const up = (event: PointerEvent<SVGSVGElement>) => {
    if (!path) return;
    const done = tool === 'rect' ? [path[0] as Point, at(event)] : extendPath(path, at(event), size);
    setPath(null);
    if (tool === 'rect') onChange(dragRect(done[0] as Point, done[1] as Point, size) ?? selection);
    else if (tool === 'lasso') onChange(lassoOf(done) ?? selection);
    else onChange(withStroke(selection, done, radius));
  };
  const drawing: RegionSelection | null =
    path === null
      ? null
      : tool === 'rect'
        ? dragRect(path[0] as Point, (path[1] ?? path[0]) as Point, size)
        : tool === 'lasso'
          ? lassoOf(path)
          : withStroke(null, path, radius);

  const typed = (name: keyof Fields, value: string) => {
    typing.current = true;
    const next = { ...fields, [name]: value };
    setFields(next);
    const rect = rectFromFields(next);
    if ('problem' in rect) {
      setFieldProblem(t('regionEdit.fieldsWhole'));
      return;
    }
    const wrong = checkSelection(rect, size.width, size.height);
    setFieldProblem(wrong ? t('regionEdit.fieldsPast', { width: size.width, height: size.height }) : null);
    if (!wrong) onChange(rect);
  };

  return (
    <div className="region-selector">
      <div className="region-tools">
        <fieldset className="region-tool-choice">
          <legend>{t('regionEdit.tool')}</legend>
          {SELECTION_TOOLS.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name={`${id}-tool`}
                value={kind}
                checked={tool === kind}
                onChange={() => setTool(kind)}
              />
              {t(`regionEdit.tools.${kind}`)}
            </label>
          ))}
        </fieldset>
        {tool === 'brush' ? (
          <label className="region-radius">
            {t('regionEdit.brushSize')}
            <input
              type="number"
              min={1}
              max={2000}
              value={radius}
              onChange={(e) => setRadius(Math.max(1, Math.min(2000, Number(e.target.value) || 1)))}
            />
          </label>
        ) : null}
        <Button
          onClick={() => {
            typing.current = false;
            onChange(null);
          }}
          disabled={!selection}
        >
          {t('regionEdit.clear')}
        </Button>
      </div>
      <div className="region-stage">
        <img src={src} alt={alt} draggable={false} />
        <svg
          ref={surface}
          className={`region-surface is-${tool}`}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('regionEdit.surface')}
          data-testid="region-surface"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => setPath(null)}
        >
          {drawing ? (
            <SelectionShape selection={drawing} />
          ) : selection ? (
            <SelectionShape selection={selection} />
          ) : null}
        </svg>
      </div>
      <fieldset className="region-fields" aria-describedby={fieldProblem ? `${id}-problem` : undefined}>
        <legend>{t('regionEdit.fields', { width: size.width, height: size.height })}</legend>
        {FIELD_NAMES.map((name) => (
          <label key={name}>
            {t(`regionEdit.field.${name}`)}
            <input
              type="text"
              inputMode="numeric"
              value={fields[name]}
              onChange={(e) => typed(name, e.target.value)}
              aria-invalid={fieldProblem ? true : undefined}
            />
          </label>
        ))}
        {fieldProblem ? (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {fieldProblem}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
