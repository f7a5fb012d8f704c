// The cast: named characters, products and places with reference pictures from the library and a voice for
// their lines. A member is added or changed in one small form; `@Name` in a shot then sends their pictures to a
// model that takes references. The name's rule is the core's (shared/studio/cast.ts), said before saving.
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAST_NAME_PATTERN,
  castKindSchema,
  MAX_CAST_REFERENCES,
  type CastKind,
  type CastMember,
} from '../../../shared/studio/cast';
import { errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Field } from '../../ui/field';
import { useCast, useCastActions } from './api/storyboards';
import { PicturePicker } from './picture-picker';

interface MemberForm {
  id: string | null;
  name: string;
  kind: CastKind;
  references: string[];
  voice: string;
}

const blank: MemberForm = { id: null, name: '', kind: 'character', references: [], voice: '' };

function MemberEditor({ initial, onDone }: { initial: MemberForm; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const { save } = useCastActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [form, setForm] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const nameError =
    form.name !== '' && !CAST_NAME_PATTERN.test(form.name) ? t('storyboard.cast.nameRule') : undefined;
  const submit = async () => {
    if (!CAST_NAME_PATTERN.test(form.name)) return setFailure(t('storyboard.cast.nameRule'));
    try {
      const member = await save.mutateAsync({
        ...(form.id ? { id: form.id } : {}),
        member: {
          name: form.name,
          kind: form.kind,
          references: form.references,
          ...(form.voice.trim() ? { voice: form.voice.trim() } : {}),
        },
      });
      pushToast('success', t('storyboard.cast.saved', { name: member.name }));
      onDone();
    } catch (error) {
      setFailure(errorSentence(error, t));
    }
  };
  return (
    <form
      className="cast-form"
      aria-label={
        form.id ? t('storyboard.cast.editing', { name: initial.name }) : t('storyboard.cast.adding')
      }
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field
        id={`${id}-name`}
        label={t('storyboard.cast.name')}
        hint={t('storyboard.cast.nameHint')}
        error={nameError}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.name}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        )}
      </Field>
      <Field id={`${id}-kind`} label={t('storyboard.cast.kind')}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: castKindSchema.parse(e.target.value) })}
          >
            {castKindSchema.options.map((kind) => (
              <option key={kind} value={kind}>
                {t(`storyboard.cast.kinds.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PicturePicker
        label={t('storyboard.cast.references', { max: MAX_CAST_REFERENCES })}
        chosen={form.references}
        max={MAX_CAST_REFERENCES}
        onChange={(references) => setForm({ ...form, references })}
      />
      <Field id={`${id}-voice`} label={t('storyboard.cast.voice')} hint={t('storyboard.cast.voiceHint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.voice}
            maxLength={100}
            onChange={(e) => setForm({ ...form, voice: e.target.value })}
          />
        )}
      </Field>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('storyboard.cast.save')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

const formOf = (m: CastMember): MemberForm => ({
  id: m.id,
  name: m.name,
  kind: m.kind,
  references: m.references,
  voice: m.voice ?? '',
});

export function CastEditor(): ReactElement {
  const { t } = useTranslation();
  const cast = useCast();
  const { remove } = useCastActions();
  const pushToast = useStudioStore((s) => s.pushToast);
  const [editing, setEditing] = useState<MemberForm | null>(null);
  const members = cast.data ?? [];
  return (
    <section className="card card-pad cast-panel" aria-labelledby="cast-title">
      <h2 id="cast-title" className="card-title">
        {t('storyboard.cast.title')}
      </h2>
      <p className="muted">{t('storyboard.cast.intro')}</p>
      {members.length > 0 ? (
        <ul className="cast-list" aria-label={t('storyboard.cast.members')}>
          {members.map((m) => (
            <li key={m.id} className="cast-member">
              <span className="cast-name">@{m.name}</span>
              <span className="muted">
                {t(`storyboard.cast.kinds.${m.kind}`)} ·{' '}
                {t('storyboard.cast.pictureCount', { count: m.references.length })}
                {m.voice ? ` · ${t('storyboard.cast.voiceOf', { voice: m.voice })}` : ''}
              </span>
              <span className="cast-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('storyboard.cast.edit', { name: m.name })}
                  onClick={() => setEditing(formOf(m))}
                >
                  {t('storyboard.cast.editShort')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  aria-label={t('storyboard.cast.delete', { name: m.name })}
                  onClick={() =>
                    void remove
                      .mutateAsync(m.id)
                      .catch((e: unknown) => pushToast('error', errorSentence(e, t)))
                  }
                >
                  {t('storyboard.cast.deleteShort')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <MemberEditor key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="btn" onClick={() => setEditing(blank)}>
          {t('storyboard.cast.add')}
        </button>
      )}
    </section>
  );
}
