// Reference images: a dropped or chosen file (every field of image URLs takes one) is uploaded once into the
// reference store and the field keeps its `studio-ref:<sha256>`, shown by its stored thumbnail; pasted links stay
// URLs. The file is read here only to send it; main checks it again (size, type) and builds the data URL for the
// gateway's body alone, so tasks, events and library pages never carry the image.
import { useCallback, useState, type ReactElement } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { takesPictures, type FieldSpec } from '../../../shared/catalog';
import { isReferenceUri, MAX_REFERENCE_BYTES, referenceSha } from '../../../shared/studio/references';
import { Link } from 'wouter';
import { errorSentence } from '../../lib/bridge-error';
import { formatBytes } from '../../lib/format';
import { readAsDataUrl } from '../../lib/image-files';
import { useAddReference } from './api/add-reference';
import { useReferenceUrl } from '../../lib/use-media-url';
import { Icon } from '../../ui/icons';
import { cx } from '../../ui/cx';
import type { ControlProps } from '../../ui/field';
import type { ItemErrors } from './item-errors';
import { usePendingEntry } from './pending-entries';

/** A long link, a data URL or a stored reference shortened for a sentence. */
function shortUrl(url: string): string {
  if (url.startsWith('data:')) return url.slice(0, url.indexOf(',') + 1) + '…';
  if (isReferenceUri(url)) return `${url.slice(0, 'studio-ref:'.length + 12)}…`;
  return url.length > 48 ? `${url.slice(0, 45)}…` : url;
}

export interface ReferenceImagesProps {
  /** The Field's wiring, for the link box (the control the field's label names). */
  control: ControlProps;
  field: FieldSpec;
  value: string[];
  onChange: (value: string[]) => void;
  /** What is wrong with each image, by position (shown on and under that image). */
  itemErrors?: ItemErrors;
}

export function ReferenceImages({
  control,
  field,
  value,
  onChange,
  itemErrors,
}: ReferenceImagesProps): ReactElement {
  const { t, i18n } = useTranslation();
  const id = control.id;
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [uploading, setUploading] = useState(0);
  const addReference = useAddReference();
  const thumbnailOf = useReferenceUrl();
  const max = field.maxItems;
  const limit = formatBytes(MAX_REFERENCE_BYTES, i18n.language);
  const acceptsFiles = takesPictures(field);

  const onDrop = useCallback(
    async (accepted: File[], rejected: FileRejection[]) => {
      const problems: string[] = [];
      if (rejected[0]) problems.push(t('create.fields.notAnImage', { name: rejected[0].file.name }));
      // The size is known before reading: an image over the limit is never read or sent.
      const fitting = accepted.filter((file) => {
        if (file.size <= MAX_REFERENCE_BYTES) return true;
        problems.push(
          t('create.fields.imageTooLarge', {
            name: file.name,
            size: formatBytes(file.size, i18n.language),
            max: limit,
          }),
        );
        return false;
      });
      const room = max === undefined ? fitting.length : Math.max(0, max - value.length);
      if (fitting.length > room && max !== undefined)
        problems.push(t('create.fields.tooManyImages', { max }));
      const chosen = fitting.slice(0, room);
      setProblem(problems.length > 0 ? problems.join(' ') : null);
      if (chosen.length === 0) return;
      setUploading((n) => n + chosen.length);
      const uris: string[] = [];
      for (const file of chosen) {
        try {
          uris.push((await addReference.mutateAsync(await readAsDataUrl(file))).uri);
        } catch (error) {
          problems.push(`${file.name}: ${errorSentence(error, t)}`);
        } finally {
          setUploading((n) => n - 1);
        }
      }
      setProblem(problems.length > 0 ? problems.join(' ') : null);
      onChange([...value, ...uris]);
    },
    [addReference, i18n.language, limit, max, onChange, t, value],
  );

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/png': [], 'image/jpeg': [], 'image/webp': [] },
    onDrop: (a, r) => void onDrop(a, r),
    // Its drops are its own: the page's dropzone around it (settings-drop.tsx) never takes them too.
    noDragEventsBubbling: true,
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
          <input {...getInputProps({ id: `${id}-files`, 'aria-label': t('create.fields.dropImages') })} />
          <Icon name="image" size={22} />
          <span className="dropzone-title">{t('create.fields.dropImages')}</span>
          <span className="dropzone-hint">
            {max === undefined
              ? t('create.fields.dropImagesHintUnlimited', { size: limit })
              : t('create.fields.dropImagesHint', { max, size: limit })}
          </span>
        </div>
      ) : null}
      <div className="refs-link">
        <input
          {...control}
          aria-invalid={problem ? true : control['aria-invalid']}
          aria-describedby={
            [control['aria-describedby'], problem ? `${id}-problem` : undefined].filter(Boolean).join(' ') ||
            undefined
          }
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
              {isReferenceUri(url) || url.startsWith('data:image/') ? (
                <img
                  src={thumbnailOf(url) ?? url}
                  alt={t('create.fields.referenceImage', { n: index + 1 })}
                  data-testid="reference-thumbnail"
                />
              ) : (
                <span className="refs-url" title={url}>
                  <Icon name="image" size={16} />
                </span>
              )}
              {referenceSha(url) ? (
                <Link
                  href={`/edit-region/ref/${referenceSha(url) ?? ''}`}
                  className="refs-region"
                  aria-label={`${t('regionEdit.fromReference')} (${index + 1})`}
                  title={t('regionEdit.fromReference')}
                >
                  <Icon name="image" size={12} />
                </Link>
              ) : null}
              <button
                type="button"
                className="round-button refs-remove"
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
      {uploading > 0 ? (
        <p className="field-hint" role="status">
          {t('create.fields.addingImages', { count: uploading })}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
