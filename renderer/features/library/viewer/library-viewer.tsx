// The full-screen viewer: one item as large as the window allows, stepping through the library's current
// filtered and sorted list. Keys: ←/→ previous/next, Space play/pause, +/− zoom, 0 fit, 1 100 %, F full
// screen, Esc close. The open item is in the URL (#/library/<id>), so a reload or Back lands right.
//
// Layout: a top bar (close, position, zoom, full screen), the stage, and a side panel holding the details,
// the item's settings and the actions bar. Reuse extends the actions bar in
// viewer-actions.tsx ("Use as reference", "Edit and run again") and the side panel in viewer-details.tsx
// (the made-from chain); this file needs no change for either.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { Icon, type IconName } from '../../../ui/icons';
import { MediaView } from '../../../ui/media-view';
import { ImageStage } from './image-stage';
import { RemoteFile } from './remote-file';
import { ViewerActions } from './viewer-actions';
import { ViewerDetails } from './viewer-details';
import { ViewerTags } from './viewer-tags';
import { actualSize, effectiveScale, FIT, zoomBy, ZOOM_STEP, type ZoomState } from './zoom';

export interface ViewerPosition {
  /** 0-based place of the item in the list on the page. */
  index: number;
  total: number;
}

/** Keys typed into a field are text, not viewer commands (Esc excepted: the dialog closes either way). */
function typingIn(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function toggleFullScreen(): void {
  // The whole document goes full screen: the viewer, a modal dialog in the top layer, stays above it.
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen().catch(() => undefined);
}

export function LibraryViewer({
  item,
  src,
  cover,
  position,
  onPrevious,
  onNext,
  onClose,
  onDelete,
  deleting,
}: {
  item: BridgeLibraryItem;
  src: string | null;
  /** A track's cover, when it has one. */
  cover: string | null;
  position: ViewerPosition | null;
  /** Absent at the ends of the list. */
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  onClose: () => void;
  onDelete: () => void;
  deleting: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  // Zoom belongs to one picture: stepping to the next starts fitted again.
  const [zoomOf, setZoomOf] = useState<{ id: string; zoom: ZoomState }>({ id: item.id, zoom: FIT });
  const zoom = zoomOf.id === item.id ? zoomOf.zoom : FIT;
  const setZoom = useCallback((next: ZoomState) => setZoomOf({ id: item.id, zoom: next }), [item.id]);
  const [fit, setFit] = useState(1);
  const isImage = item.kind === 'image' && src !== null && !item.remoteOnly;
  const label = item.title ?? item.prompt ?? '';

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Leaving the viewer leaves full screen too.
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );

  const togglePlay = () => {
    const media = stageRef.current?.querySelector<HTMLMediaElement>('video, audio');
    if (!media) return;
    if (media.paused) void media.play().catch(() => undefined);
    else media.pause();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
    const run = (action: (() => void) | undefined) => {
      event.preventDefault();
      action?.();
    };
    switch (event.key) {
      case 'ArrowLeft':
        return run(onPrevious);
      case 'ArrowRight':
        return run(onNext);
      case ' ':
        return run(togglePlay);
      case 'f':
      case 'F':
        return run(toggleFullScreen);
      case '+':
      case '=':
        return run(isImage ? () => setZoom(zoomBy(zoom, fit, ZOOM_STEP)) : undefined);
      case '-':
        return run(isImage ? () => setZoom(zoomBy(zoom, fit, 1 / ZOOM_STEP)) : undefined);
      case '0':
        return run(isImage ? () => setZoom(FIT) : undefined);
      case '1':
        return run(isImage ? () => setZoom(actualSize()) : undefined);
    }
  };

  return (
    <dialog
      ref={ref}
      className="viewer"
      onClose={onClose}
      onKeyDown={onKeyDown}
      // Space on a focused toolbar button would click it on key-up; in the viewer Space means play/pause.
      onKeyUp={(event) => {
        if (event.key === ' ' && !typingIn(event.target)) event.preventDefault();
      }}
      aria-label={label || t('library.details')}
      data-testid="item-dialog"
    >
      <div className="viewer-bar">
        <button
          type="button"
          className="icon-btn"
          onClick={() => ref.current?.close()}
          aria-label={t('library.close')}
          data-testid="viewer-close"
        >
          <Icon name="close" />
        </button>
        <div className="viewer-nav">
          <StepButton onStep={onPrevious} label={t('library.viewer.previous')} icon="chevron-left" />
          {position ? (
            <span className="viewer-position" data-testid="viewer-position">
              {t('library.viewer.position', { n: position.index + 1, total: position.total })}
            </span>
          ) : null}
          <StepButton onStep={onNext} label={t('library.viewer.next')} icon="chevron-right" />
        </div>
        <span className="viewer-title">{label}</span>
        {isImage ? (
          <div className="viewer-zoom" role="group" aria-label={t('library.viewer.zoom')}>
            <button
              type="button"
              className="icon-btn"
              onClick={() => setZoom(zoomBy(zoom, fit, 1 / ZOOM_STEP))}
              aria-label={t('library.viewer.zoomOut')}
            >
              <Icon name="minus" />
            </button>
            <span className="viewer-percent" data-testid="viewer-zoom">
              {Math.round(effectiveScale(zoom, fit) * 100)} %
            </span>
            <button
              type="button"
              className="icon-btn"
              onClick={() => setZoom(zoomBy(zoom, fit, ZOOM_STEP))}
              aria-label={t('library.viewer.zoomIn')}
            >
              <Icon name="plus" />
            </button>
            <button
              type="button"
              className="viewer-text-btn"
              aria-pressed={zoom.scale === null}
              onClick={() => setZoom(FIT)}
            >
              {t('library.viewer.fit')}
            </button>
            <button
              type="button"
              className="viewer-text-btn"
              aria-pressed={zoom.scale === 1}
              onClick={() => setZoom(actualSize())}
            >
              100 %
            </button>
          </div>
        ) : null}
        <button
          type="button"
          className="icon-btn"
          onClick={toggleFullScreen}
          aria-label={t('library.viewer.fullScreen')}
          title={t('library.viewer.keys')}
        >
          <Icon name="fullscreen" />
        </button>
      </div>
      <div className="viewer-media" ref={stageRef}>
        {item.remoteOnly ? (
          <RemoteFile item={item} />
        ) : isImage ? (
          <ImageStage src={src} alt={label} zoom={zoom} onZoom={setZoom} onFit={setFit} />
        ) : src ? (
          <MediaView kind={item.kind} src={src} cover={cover} label={label} mime={item.mime} />
        ) : null}
      </div>
      <aside className="viewer-side">
        <h2>{t('library.details')}</h2>
        <ViewerActions item={item} onDelete={onDelete} deleting={deleting} />
        {/* Tags near the top: the thing a person edits here most, above the facts they only read. */}
        <ViewerTags item={item} />
        <ViewerDetails item={item} />
      </aside>
    </dialog>
  );
}

/** Previous or Next: disabled at the end of the list, where there is no item to step to. */
function StepButton({
  onStep,
  label,
  icon,
}: {
  onStep: (() => void) | undefined;
  label: string;
  icon: IconName;
}): ReactElement {
  return (
    <button type="button" className="icon-btn" onClick={onStep} disabled={!onStep} aria-label={label}>
      <Icon name={icon} />
    </button>
  );
}
