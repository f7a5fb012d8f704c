// The viewer's tags section: the reusable tag editor bound to one item, saved as each tag is added or removed.
// The chips change at once (what was typed is what shows); a refusal puts the saved tags back and says why.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { errorSentence } from '../../../lib/bridge-error';
import { useStudioStore } from '../../../store/studio-store';
import { useSetTags } from '../api/tags';
import { TagEditor } from '../tag-editor';

export function ViewerTags({ item }: { item: BridgeLibraryItem }): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((st) => st.pushToast);
  const save = useSetTags();
  // What the person last asked for, until the saved item catches up (per item: stepping starts clean).
  const [pending, setPending] = useState<{ id: string; tags: string[] } | null>(null);
  const tags = pending?.id === item.id ? pending.tags : item.tags;
  return (
    <section className="viewer-section viewer-tags" aria-label={t('library.tags')}>
      <h3>{t('library.tags')}</h3>
      <TagEditor
        tags={tags}
        label={t('library.tagEditor.add')}
        placeholder={t('library.tagEditor.placeholder')}
        data-testid="viewer-tags"
        onChange={(next) => {
          setPending({ id: item.id, tags: next });
          save.mutate(
            { id: item.id, tags: next },
            {
              onSuccess: () => setPending((p) => (p?.tags === next ? null : p)),
              onError: (error) => {
                setPending(null);
                pushToast('error', errorSentence(error, t));
              },
            },
          );
        }}
      />
    </section>
  );
}
