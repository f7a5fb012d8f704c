// "Make a recipe" from a library item: the chain of tasks it was made from, first to last, saved as a recipe that
// Create runs again in one press (each later step taking the previous result).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { useMakeRecipe } from './api/recipes';

export function MakeRecipe({ item }: { item: BridgeLibraryItem }): ReactElement | null {
  const { t } = useTranslation();
  const make = useMakeRecipe();
  const pushToast = useStudioStore((s) => s.pushToast);
  if (!item.taskId || item.family === 'speech') return null;
  const taskId = item.taskId;
  const name = t('recipes.madeName', { name: (item.prompt ?? item.title ?? item.family).slice(0, 60) });
  return (
    <Button
      busy={make.isPending}
      onClick={() =>
        make.mutate(
          { taskId, name },
          {
            onSuccess: (recipe) => pushToast('success', t('recipes.made', { name: recipe.name })),
            onError: (error) => pushToast('error', errorSentence(error, t)),
          },
        )
      }
    >
      {t('recipes.make')}
    </Button>
  );
}
