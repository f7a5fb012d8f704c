// Reference images: dropped files become data URLs (where the family accepts them), pasted links stay URLs.
// Files are read in the renderer only to encode them; main validates the list again before anything is sent.
import { useCallback, useState, type ReactElement } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../shared/catalog';
import { Icon } from '../../ui/icons';
import { cx } from '../../ui/cx';
import type { ItemErrors } from './item-errors';
import { usePendingEntry } from './pending-entries';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** A long link or a data URL shortened for a sentence. */
function shortUrl(url: string): string {
  if (url.startsWith('data:')) return url.slice(0, url.indexOf(',') + 1) + '…';
  return url.length > 48 ? `${url.slice(0, 45)}…` : url;
}

export interface ReferenceImagesProps {
  id: string;
  field: FieldSpec;
  value: string[];
  onChange: (value: string[]) => void;
  /** What is wrong with each image, by position (shown on and under that image). */
  itemErrors?: ItemErrors;
}

export function ReferenceImages({
  id,
  field,
  value,
  onChange,
  itemErrors,
}: ReferenceImagesProps): ReactElement {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const max = field.maxItems;
  const acceptsFiles = field.media?.dataUrls ?? false;

  const onDrop = useCallback(
    async (accepted: File[], rejected: FileRejection[]) => {
      setProblem(rejected[0] ? t('create.fields.notAnImage', { name: rejected[0].file.name }) : null);
      const room = max === undefined ? accepted.length : Math.max(0, max - value.length);
      if (accepted.length > room && max !== undefined) setProblem(t('create.fields.tooManyImages', { max }));
      const urls = await Promise.all(accepted.slice(0, room).map(readAsDataUrl));
      onChange([...value, ...urls]);
    },
    [max, onChange, t, value],
  );

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/png': [], 'image/jpeg': [], 'image/webp': [] },
    onDrop: (a, r) => void onDrop(a, r),
    disabled: !acceptsFiles || (max !== undefined && value.length >= max),
  });

  const addLink = () => {
    const url = link.trim();
    if (url === '') return;
    if (max !== undefined && value.length >= max) {
      setProblem(t('create.fields.tooManyImages', { max }));
      return;
    }
    onChange([...value, url]);
    setLink('');
  };
  // A link typed and not yet added goes with the submission. It is not added on blur: the tile appearing
  // under the pointer moved the Generate button away from the click that caused the blur.
  usePendingEntry(addLink);
  const itemError = (index: number) => itemErrors?.[index];

  return (
    <div className="refs">
      {acceptsFiles ? (
        <div {...getRootProps({ className: cx('dropzone', isDragActive && 'is-active') })}>
          <input {...getInputProps({ id: `${id}-files` })} />
          <Icon name="image" size={22} />
          <span className="dropzone-title">{t('create.fields.dropImages')}</span>
          <span className="dropzone-hint">
            {max === undefined
              ? t('create.fields.dropImagesHintUnlimited')
              : t('create.fields.dropImagesHint', { max })}
          </span>
        </div>
      ) : null}
      <div className="refs-link">
        <input
          id={id}
          className="input"
          type="url"
          value={link}
          placeholder="https://"
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addLink();
            }
          }}
          aria-describedby={itemErrors ? `${id}-items` : undefined}
        />
      </div>
      {value.length > 0 ? (
        <ul className="refs-list">
          {value.map((url, index) => (
            <li
              key={`${index}-${url.slice(0, 32)}`}
              className={cx('refs-item', itemError(index) && 'is-invalid')}
              title={itemError(index) ? `${url}\n${itemError(index)}` : url}
              data-testid="reference-item"
            >
              {itemError(index) ? (
                <span className="refs-number" aria-hidden="true">
                  {index + 1}
                </span>
              ) : null}
              {url.startsWith('data:image/') ? (
                <img src={url} alt="" />
              ) : (
                <span className="refs-url" title={url}>
                  <Icon name="image" size={16} />
                </span>
              )}
              <button
                type="button"
                className="refs-remove"
                aria-label={t('create.fields.removeImage')}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {itemErrors ? (
        <ul className="item-errors" id={`${id}-items`}>
          {value.map((url, index) => {
            const message = itemError(index);
            return message ? (
              <li key={index} className="field-error" role="alert">
                {t('create.validation.image', { n: index + 1, url: shortUrl(url), message })}
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
      {problem ? <p className="field-error">{problem}</p> : null}
    </div>
  );
}
