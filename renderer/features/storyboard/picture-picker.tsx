// Pictures from the library for the cast and a shot's end frame: the chosen ones shown small with a button each
// to take it out, and "Pick from the library" opening the newest library pictures as buttons; a press stores the
// picture as a reference (`studio-ref:`, hard-linked, never copied twice) and adds it, up to `max`.
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../../lib/bridge-error';
import { useLibrary } from '../../lib/api/library';
import { useMediaUrl, useReferenceUrl } from '../../lib/use-media-url';
import { useStoreLibraryReference } from './api/storyboards';
import { Icon } from '../../ui/icons';

const SHOWN = 24;

export function PicturePicker({
  label,
  chosen,
  max,
  onChange,
}: {
  label: string;
  chosen: readonly string[];
  max: number;
  onChange: (pictures: string[]) => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pictures = useLibrary({ kind: 'image', sort: 'newest' });
  const toMedia = useMediaUrl();
  const toReference = useReferenceUrl();
  const store = useStoreLibraryReference();
  const items = pictures.data?.pages[0]?.items.slice(0, SHOWN) ?? [];
  const full = chosen.length >= max;
  const pick = async (itemId: string) => {
    setFailure(null);
    try {
      const { uri } = await store.mutateAsync(itemId);
      onChange(max === 1 ? [uri] : [...chosen.filter((c) => c !== uri), uri]);
      if (max === 1 || chosen.length + 1 >= max) setOpen(false);
    } catch (error) {
      setFailure(errorSentence(error, t));
    }
  };
  return (
    <div className="picture-picker" role="group" aria-labelledby={`${id}-label`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {chosen.length > 0 ? (
        <ul className="picture-chosen" aria-label={t('storyboard.pictures.chosen', { label })}>
          {chosen.map((uri, i) => {
            const src = toReference(uri);
            return (
              <li key={uri}>
                {src ? <img src={src} alt={t('storyboard.pictures.picture', { n: i + 1 })} /> : null}
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('storyboard.pictures.remove', { n: i + 1 })}
                  onClick={() => onChange(chosen.filter((c) => c !== uri))}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t('storyboard.pictures.none')}</p>
      )}
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        disabled={full && max > 1}
        onClick={() => setOpen((o) => !o)}
      >
        {max === 1 && chosen.length === 1 ? t('storyboard.pictures.change') : t('storyboard.pictures.pick')}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      {open ? (
        items.length === 0 ? (
          <p className="muted">{t('storyboard.pictures.empty')}</p>
        ) : (
          <ul className="picture-grid" aria-label={t('storyboard.pictures.library')}>
            {items.map((item) => {
              const src = toMedia(item.thumbnailRelativePath ?? item.relativePath);
              const name = item.prompt ?? item.title ?? item.id;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className="picture-choice"
                    aria-label={t('storyboard.pictures.use', { name })}
                    disabled={store.isPending}
                    onClick={() => void pick(item.id)}
                  >
                    {src ? <img src={src} alt="" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
