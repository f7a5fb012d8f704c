// The two items' settings under the comparison: one row per setting, same values muted, differing ones
// highlighted and marked in words (colour alone says nothing to a screen reader or a colour-blind eye).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { isFamilyId } from '../../../shared/catalog';
import { settingsDiff, type DiffRow } from './diff';

function Value({ row, side }: { row: DiffRow; side: 'a' | 'b' }): ReactElement {
  const { t } = useTranslation();
  const value = row[side];
  if (value === null) return <span className="compare-none">{t('compare.notSet')}</span>;
  if (row.key === 'family' && isFamilyId(value)) return <>{t(`create.families.${value}`)}</>;
  return <span className={row.key === 'prompt' ? undefined : 'mono'}>{value}</span>;
}

export function SettingsDiff({ a, b }: { a: BridgeLibraryItem; b: BridgeLibraryItem }): ReactElement {
  const { t } = useTranslation();
  const rows = settingsDiff(a, b);
  const differing = rows.filter((row) => !row.same).length;
  return (
    <section className="compare-diff card" aria-labelledby="compare-diff-title">
      <header className="compare-diff-head">
        <h2 id="compare-diff-title">{t('compare.settings')}</h2>
        <span className="field-hint">
          {differing === 0 ? t('compare.allSame') : t('compare.differing', { count: differing })}
        </span>
      </header>
      <table className="compare-table" data-testid="compare-diff">
        <thead>
          <tr>
            <th scope="col">{t('compare.setting')}</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={row.same ? 'is-same' : 'is-different'}
              data-testid={`diff-${row.key}`}
            >
              <th scope="row">
                {row.fixed ? t(`compare.rows.${row.key as 'family' | 'model' | 'prompt'}`) : row.key}
                {row.same ? null : <span className="compare-differs">{t('compare.differs')}</span>}
              </th>
              <td>
                <Value row={row} side="a" />
              </td>
              <td>
                <Value row={row} side="b" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
