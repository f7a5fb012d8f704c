// "Advanced", folded under the form: the webhook base URL ([COMMON-1], checked by [EVT-9] and [AUTH-6] before
// sending) and "Extra body fields", a JSON object merged under the form's own fields for what the spec leaves
// open ([EP-VIDEO-7]). Dropping or pasting an image into the JSON inserts it as a data URL string.
import { useState, type ClipboardEvent, type DragEvent, type ReactElement } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { checkBody, webhookIssue, type FamilySpec, type ModelConfig } from '../../../shared/catalog';
import { imageFilesOf, readAsDataUrl } from '../../lib/image-files';
import { useSession } from '../../lib/api/session';
import { Field } from '../../ui/field';
import './advanced-fields.css';
import { insertAt, mergeExtraBody, type ExtraBodyIssue } from './extra-body';
import type { FormValues } from './field-control';

function extraIssueText(issue: ExtraBodyIssue, t: TFunction): string {
  switch (issue.code) {
    case 'json':
      return t('create.advanced.extraNotJson', { detail: issue.detail });
    case 'not-object':
      return t('create.advanced.extraNotObject');
    case 'form-field':
      return t('create.advanced.extraFormField', { field: issue.field });
  }
}

export interface Prepared {
  params: Record<string, unknown>;
  webhook?: string;
}

/** The Advanced section's state and the one step the form's submit takes through it. */
export function useAdvancedFields(family: FamilySpec, models: ModelConfig) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [extraText, setExtraText] = useState('');
  const [extraError, setExtraError] = useState<string | null>(null);
  const [ownDomain, setOwnDomain] = useState(false);
  const gatewayBaseUrl = useSession().data?.baseUrl ?? null;
  const formFields = [...family.fields.map((f) => f.name), 'model', 'webhook'];

  /**
   * The params and webhook to send, or null when something here needs attention (then it is shown, and the
   * section is opened so the user sees it). `params` are the form's own, already checked by its schema.
   */
  const prepare = (model: string, params: Record<string, unknown>, webhook: unknown): Prepared | null => {
    setExtraError(null);
    setOwnDomain(false);
    const hook = typeof webhook === 'string' && webhook !== '' ? webhook : undefined;
    if (hook && webhookIssue(hook, gatewayBaseUrl)?.code === 'own-domain') {
      setOwnDomain(true);
      setOpen(true);
      return null;
    }
    const merged = mergeExtraBody(extraText, params, formFields);
    if (!merged.ok) {
      setExtraError(extraIssueText(merged.issue, t));
      setOpen(true);
      return null;
    }
    // The merged body goes through the family's schema here too, so an extra field the family refuses
    // ("has no field", text-only image input) is said beside the editor, before anything is sent.
    const body = family.variants.length > 0 ? { model, ...merged.value } : merged.value;
    const check = checkBody(family.id, body, models);
    if (!check.ok) {
      const problem = check.problems[0];
      setExtraError(
        t('create.advanced.extraRefused', { field: problem?.path ?? '', message: problem?.message ?? '' }),
      );
      setOpen(true);
      return null;
    }
    return { params: merged.value, ...(hook ? { webhook: hook } : {}) };
  };

  /** Checks the JSON as the user leaves the editor (shape and clashes; the family's rules wait for submit). */
  const checkText = (): void => {
    const merged = mergeExtraBody(extraText, {}, formFields);
    setExtraError(merged.ok ? null : extraIssueText(merged.issue, t));
  };

  return {
    open,
    setOpen,
    checkText,
    extraText,
    setExtraText,
    extraError,
    setExtraError,
    ownDomain,
    gatewayBaseUrl,
    prepare,
  };
}

export type AdvancedState = ReturnType<typeof useAdvancedFields>;

export interface AdvancedFieldsProps {
  family: FamilySpec;
  state: AdvancedState;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  webhookValue: unknown;
}

export function AdvancedFields({
  family,
  state,
  register,
  errors,
  webhookValue,
}: AdvancedFieldsProps): ReactElement {
  const { t } = useTranslation();
  const webhookText = typeof webhookValue === 'string' ? webhookValue : '';
  const issue = errors.webhook || state.ownDomain ? webhookIssue(webhookText, state.gatewayBaseUrl) : null;
  // The schema's verdict and the own-domain check (which needs the gateway's address) name the same keys the
  // error map says, so both read alike.
  const webhookError = issue ? t(`validation.${issue.key}`) : undefined;
  const webhookHint = t('create.advanced.webhookHint');
  const extraHint = t('create.advanced.extraHint');
  const open = state.open || Boolean(webhookError);

  const insertImages = async (files: File[], target: HTMLTextAreaElement): Promise<void> => {
    const urls = await Promise.all(files.map(readAsDataUrl));
    const literal = urls.map((u) => JSON.stringify(u)).join(', ');
    const { text, caret } = insertAt(target.value, target.selectionStart, target.selectionEnd, literal);
    state.setExtraText(text);
    requestAnimationFrame(() => target.setSelectionRange(caret, caret));
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = imageFilesOf(e.clipboardData);
    if (files.length === 0) return;
    // Handled here: the Create page's own paste handler leaves a paste that was already taken alone.
    e.preventDefault();
    void insertImages(files, e.currentTarget);
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    const files = imageFilesOf(e.dataTransfer);
    if (files.length === 0) return;
    // Taken here: the page's dropzone around the form (settings-drop.tsx) never sees it.
    e.preventDefault();
    e.stopPropagation();
    void insertImages(files, e.currentTarget);
  };

  return (
    <details
      className="advanced card"
      open={open}
      onToggle={(e) => state.setOpen(e.currentTarget.open)}
      data-testid="advanced"
    >
      <summary className="advanced-summary">{t('create.advanced.title')}</summary>
      <div className="advanced-body">
        {family.webhook ? (
          <Field
            id="field-webhook"
            label={t('create.advanced.webhook')}
            hint={webhookHint}
            error={webhookError}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="url"
                placeholder="https://hooks.example.com/studio"
                {...register('webhook')}
              />
            )}
          </Field>
        ) : null}
        <Field
          id="field-extra-body"
          label={t('create.advanced.extra')}
          hint={extraHint}
          error={state.extraError ?? undefined}
        >
          {(control) => (
            <textarea
              {...control}
              className="textarea mono"
              rows={4}
              spellCheck={false}
              placeholder={'{ "first_frame_image": "https://…" }'}
              value={state.extraText}
              onChange={(e) => state.setExtraText(e.target.value)}
              onBlur={state.checkText}
              onPaste={onPaste}
              onDrop={onDrop}
            />
          )}
        </Field>
      </div>
    </details>
  );
}
