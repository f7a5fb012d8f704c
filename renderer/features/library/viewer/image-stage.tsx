// A picture that zooms and pans: the wheel zooms about the pointer, a drag pans, and the viewer's +/−, Fit and
// 100 % controls drive the same state (held by the viewer, so its toolbar and keys reach it).
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { effectiveScale, fitScale, panBy, zoomBy, ZOOM_STEP, type Size, type ZoomState } from './zoom';

export function ImageStage({
  src,
  alt,
  zoom,
  onZoom,
  onFit,
}: {
  src: string;
  alt: string;
  zoom: ZoomState;
  onZoom: (next: ZoomState) => void;
  /** Reports the fitted scale, so the toolbar can show the real percentage while fitted. */
  onFit: (fit: number) => void;
}): ReactElement {
  const stageRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 });
  // Where the drag began and the zoom then: each move pans from there, so moves that arrive between renders
  // are not lost to a stale zoom.
  const drag = useRef<{ x: number; y: number; from: ZoomState } | null>(null);
  const fit = fitScale(natural, stage);
  const scale = effectiveScale(zoom, fit);

  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setStage({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => onFit(fit), [fit, onFit]);

  // React's onWheel is passive: preventing the page's own scroll needs a listener registered by hand.
  const latest = useRef({ zoom, fit, onZoom });
  useEffect(() => {
    latest.current = { zoom, fit, onZoom };
  });
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const at = { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
      const { zoom: current, fit: currentFit, onZoom: report } = latest.current;
      report(zoomBy(current, currentFit, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <div
      ref={stageRef}
      className={`viewer-stage${zoom.scale !== null ? ' is-zoomed' : ''}`}
      data-testid="viewer-stage"
      onPointerDown={(event) => {
        if (zoom.scale === null) return;
        drag.current = { x: event.clientX, y: event.clientY, from: zoom };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (!start) return;
        onZoom(panBy(start.from, event.clientX - start.x, event.clientY - start.y));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
    >
      <img
        src={src}
        alt={alt}
        draggable={false}
        data-testid="viewer-image"
        onLoad={(event) =>
          setNatural({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        style={
          natural.width > 0
            ? {
                width: natural.width * scale,
                height: natural.height * scale,
                transform: `translate(calc(-50% + ${zoom.x}px), calc(-50% + ${zoom.y}px))`,
              }
            : { visibility: 'hidden' }
        }
      />
    </div>
  );
}
