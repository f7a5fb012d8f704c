// The prompt field with the tools that reuse earlier prompts: the History list (its button, or ↑ in the empty
// field) puts a prompt sent before back into the field. The field itself is the catalog's control (children).
import type { ReactElement, ReactNode } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { WithPromptHistory } from '../../ui/prompt-history';
import type { FormValues } from './field-control';

export interface PromptFieldProps {
  name: string;
  setValue: UseFormSetValue<FormValues>;
  children: ReactNode;
}

export function PromptField({ name, setValue, children }: PromptFieldProps): ReactElement {
  return (
    <WithPromptHistory onInsert={(text) => setValue(name, text, { shouldDirty: true })}>
      {children}
    </WithPromptHistory>
  );
}
