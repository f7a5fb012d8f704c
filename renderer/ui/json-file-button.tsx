// The import button of presets, recipes and styles: it opens the system's file dialog for one JSON file and
// hands over the file's text. The file input stays hidden (the button is what a person presses and a screen
// reader reads; the input carries the same name for tests and assistive tools that reach it), and it is
// cleared after each pick so the same file can be picked again.
import { useRef, type ReactElement } from 'react';

interface JsonFileButtonProps {
  label: string;
  /** What to do with the file's text; a rejection goes to onError. */
  onText: (text: string) => Promise<unknown>;
  onError: (thrown: unknown) => void;
}

export function JsonFileButton({ label, onText, onError }: JsonFileButtonProps): ReactElement {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="history-action" onClick={() => fileRef.current?.click()}>
        {label}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void file.text().then(onText).catch(onError);
        }}
      />
    </>
  );
}
