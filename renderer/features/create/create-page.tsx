// Create: pick a family, fill its catalog-driven form, submit, and watch the result arrive beside the form.
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { FAMILIES, FAMILY_LIST, isFamilyId, type FamilyKind, type FamilySpec } from '../../../shared/catalog';
import { carrierFamilyOf, genericModels } from '../../../shared/catalog/generic-model';
import { useDiscoveredModels } from '../../lib/api/models';
import { modelConfigFromOverrides } from '../../../shared/catalog';
import { useSettings } from '../../lib/api/settings';
import { useSession } from '../../lib/api/session';
import { useStudioStore } from '../../store/studio-store';
import { Page } from '../../ui/page';
import { Segmented } from '../../ui/segmented';
import { FamilyForm } from './family-form';
import { GenericModelForm } from './generic-model-form';
import { useLibraryDrop } from './library-drop';
import { SettingsDrop } from './settings-drop';
import { askNotificationsOnce } from '../../lib/web-notifications';
import { TaskPreview } from './task-preview';
import { BatchProgress } from './batch-progress';
import { RecipePanel } from './recipe-panel';
import './presets.css';
import './create.css';

const DEFAULT_FAMILY = 'image.i3';
/** Speech is synchronous and has its own page. */
const CREATABLE = FAMILY_LIST.filter((f) => f.kind !== 'speech');
const KINDS: Exclude<FamilyKind, 'speech'>[] = ['image', 'video', 'music', 'upscale'];
/** /create/gateway:<model id>: the generic form of a listed model of no known family. */
const GENERIC = 'gateway:';

export function CreatePage(): ReactElement {
  const { t } = useTranslation();
  const params = useParams<{ family?: string }>();
  const [, navigate] = useLocation();
  const settings = useSettings();
  const latest = useStudioStore((s) => s.lastSubmitted);
  const setLatest = useStudioStore((s) => s.setLastSubmitted);
  // The preview shows the latest task of the gateway in use only: another gateway's is not this one's result.
  const session = useSession().data;
  const gateway = session ? (session.mode === 'demo' ? 'demo' : session.baseUrl) : null;
  const submitted = latest && session && latest.gateway === gateway ? latest.task : null;

  // Models the gateway lists whose family is unknown here: each a chip of its endpoint's kind, with a generic form.
  const generics = genericModels(useDiscoveredModels().data?.models ?? []);
  const genericId = params.family?.startsWith(GENERIC)
    ? decodeURIComponent(params.family.slice(GENERIC.length))
    : null;
  const generic = generics.find((m) => m.id === genericId) ?? null;
  const carrier = generic ? carrierFamilyOf(generic.endpoint) : null;
  const familyId = carrier
    ? carrier
    : params.family && isFamilyId(params.family) && params.family !== 'speech'
      ? params.family
      : DEFAULT_FAMILY;
  const family = CREATABLE.find((f) => f.id === familyId) as FamilySpec;
  const overrides = settings.data?.modelOverrides;
  const models = useMemo(() => modelConfigFromOverrides(overrides ?? {}), [overrides]);
  const kind = family.kind as Exclude<FamilyKind, 'speech'>;

  const choose = (id: string) => navigate(`/create/${id}`);
  const libraryDrop = useLibraryDrop(generic ? null : family.id);

  return (
    <Page title={t('create.title')} subtitle={t('create.subtitle')} wide>
      {/* Create's one drop target (settings-drop.tsx): a file dropped or pasted anywhere on it, as the README
          says (the picker, the form, the preview and the recipes alike; a drop the reference list or a field
          took stays theirs), and a library item dragged in (library-drop.tsx), for a family's form. */}
      <SettingsDrop family={family.id} models={models} library={libraryDrop.handlers}>
        <div className="create-layout">
          <div className="create-main">
            <div className="family-picker card card-pad">
              <Segmented
                name="kind"
                label={t('create.family')}
                value={kind}
                onChange={(k) => {
                  const first = CREATABLE.find((f) => f.kind === k);
                  if (first) choose(first.id);
                }}
                options={KINDS.map((k) => ({ value: k, label: t(`create.kinds.${k}`) }))}
              />
              <div className="family-chips" role="group" aria-label={t('create.family')}>
                {CREATABLE.filter((f) => f.kind === kind).map((f) => (
                  <button
                    key={f.id}
                    type="button"
                    className={f.id === family.id && !generic ? 'family-chip is-selected' : 'family-chip'}
                    aria-pressed={f.id === family.id && !generic}
                    onClick={() => choose(f.id)}
                    data-testid={`family-${f.id}`}
                  >
                    {t(`create.chips.${f.id}`)}
                  </button>
                ))}
                {generics
                  .filter((m) => FAMILIES[carrierFamilyOf(m.endpoint) ?? DEFAULT_FAMILY].kind === kind)
                  .map((m) => (
                    <button
                      key={m.id}
                      type="button"
                      className={m.id === generic?.id ? 'family-chip is-selected' : 'family-chip'}
                      aria-pressed={m.id === generic?.id}
                      onClick={() => choose(`${GENERIC}${encodeURIComponent(m.id)}`)}
                    >
                      {t(m.isNew ? 'create.genericChipNew' : 'create.genericChip', { id: m.id })}
                    </button>
                  ))}
              </div>
            </div>
            {generic ? (
              <div className="card card-pad">
                <GenericModelForm
                  key={generic.id}
                  model={generic}
                  onSubmitted={(task) => {
                    setLatest({ task, gateway });
                    askNotificationsOnce();
                  }}
                />
              </div>
            ) : (
              /* A library item dragged over the page is said, and outlined, on the form it goes to. */
              <div
                className={libraryDrop.note ? 'library-drop is-over' : 'library-drop'}
                data-testid="library-drop"
              >
                {libraryDrop.note}
                <div className="card card-pad">
                  {/* A new family is a new form: remounting resets defaults, resolver and errors together. */}
                  <FamilyForm
                    key={`${family.id}:${JSON.stringify(models[family.id] ?? {})}`}
                    family={family}
                    models={models}
                    onSubmitted={(task) => {
                      setLatest({ task, gateway });
                      askNotificationsOnce();
                    }}
                  />
                </div>
              </div>
            )}
          </div>
          <aside className="create-side">
            <BatchProgress />
            <TaskPreview submitted={submitted} kind={kind} />
            <RecipePanel models={models} />
          </aside>
        </div>
      </SettingsDrop>
    </Page>
  );
}
