// The prompt field with the tools that reuse earlier work: the History list (its button, or ↑ in the empty
// field) puts a prompt sent before back, and the styles add their words to it. The field itself is the
// catalog's control (children). A form opened by Edit and run again gets back the words typed and the styles
// its task was sent with.
import { useEffect, type ReactElement, type ReactNode } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useStudioStore } from '../../store/studio-store';
import { WithPromptHistory } from '../../ui/prompt-history';
import { useTaskStyles } from './api/presets';
import type { FormValues } from './field-control';
import { StyleChips } from './style-chips';
import { useActiveStyles } from './style-store';

export interface PromptFieldProps {
  name: string;
  setValue: UseFormSetValue<FormValues>;
  control: Control<FormValues>;
  children: ReactNode;
}

export function PromptField({ name, setValue, control, children }: PromptFieldProps): ReactElement {
  const editOf = useStudioStore((s) => s.editing?.taskId ?? null);
  const recorded = useTaskStyles(editOf);
  const setStyles = useActiveStyles((s) => s.set);
  useEffect(() => {
    if (!recorded.data) return;
    setValue(name, recorded.data.typed, { shouldDirty: true });
    setStyles(recorded.data.styles);
  }, [recorded.data, name, setValue, setStyles]);
  return (
    <WithPromptHistory
      onInsert={(text) => setValue(name, text, { shouldDirty: true })}
      tools={<StyleChips control={control} name={name} />}
    >
      {children}
    </WithPromptHistory>
  );
}
