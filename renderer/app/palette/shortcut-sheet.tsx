// The `?` sheet: every shortcut of lib/shortcuts.ts with the keys as this computer spells them.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, shortcutLabel } from '../../lib/shortcuts';
import { Button } from '../../ui/button';
import { ModalSheet } from './modal-sheet';

export function ShortcutSheet({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <ModalSheet label={t('keyboard.shortcuts.title')} className="shortcut-sheet" onClose={onClose}>
      <h2>{t('keyboard.shortcuts.title')}</h2>
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">{t('keyboard.shortcuts.keys')}</th>
            <th scope="col">{t('keyboard.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.id}>
              <td>
                <kbd>{shortcutLabel(shortcut.id)}</kbd>
              </td>
              <td>{t(`keyboard.shortcuts.${shortcut.id}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="shortcut-actions">
        {/* The one control: it takes the focus when the sheet opens, so Enter or Esc closes it. */}
        <Button onClick={onClose}>{t('keyboard.shortcuts.done')}</Button>
      </div>
    </ModalSheet>
  );
}
