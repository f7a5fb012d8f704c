// What a task is called in lists (the Tasks page, the queue): its family's name, or for a model of a family this
// studio does not know (a generic form's model, sent through a carrier family such as I1) that model's own id
// marked as a generic form, as its chip on Create says. Naming the carrier ("Image I1") told a person they had
// run a model they never chose. Which models are generic comes from the gateway's listing (placeModels), the one
// place that knows; a model the listing no longer holds is named by its family.
import type { TFunction } from 'i18next';
import type { FamilyId } from '../../shared/catalog';
import { useDiscoveredModels } from './api/models';

export type TaskFamilyLabel = (family: FamilyId, model: string) => string;

export function useTaskFamilyLabel(t: TFunction): TaskFamilyLabel {
  const placed = useDiscoveredModels().data?.models;
  return (family, model) => {
    const listed = placed?.find((m) => m.id === model);
    return listed && listed.family === null
      ? t('create.genericChip', { id: model })
      : t(`create.families.${family}`);
  };
}
