// The Export and Delete pair a chosen preset and a chosen recipe both offer: the file is saved where the person
// chooses, and a failure of either is told by the caller's `fail`, as the bar's other actions are.
import type { ReactElement } from 'react';
import { saveTextFile } from '../../lib/save-text-file';

export interface ExportDeleteButtonsProps {
  exportLabel: string;
  deleteLabel: string;
  /** The file to save: its name and text. */
  exportFile: () => Promise<{ fileName: string; text: string }>;
  remove: () => Promise<unknown>;
  /** After the deletion (the caller forgets its choice). */
  onRemoved: () => void;
  fail: (thrown: unknown) => void;
}

export function ExportDeleteButtons(props: ExportDeleteButtonsProps): ReactElement {
  return (
    <>
      <button
        type="button"
        className="history-action"
        onClick={() =>
          void props.exportFile().then((file) => saveTextFile(file.fileName, file.text), props.fail)
        }
      >
        {props.exportLabel}
      </button>
      <button
        type="button"
        className="history-action history-action-danger"
        onClick={() => void props.remove().then(props.onRemoved, props.fail)}
      >
        {props.deleteLabel}
      </button>
    </>
  );
}
