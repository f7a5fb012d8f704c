// The few strings the main process shows itself (notifications, menus). The renderer has its own i18n; these
// follow the same language setting.
import type { Language } from '../../shared/studio/preferences';

export type { Language } from '../../shared/studio/preferences';

export interface ShellText {
  completed: string;
  /** A task finished at the gateway but not every file arrived: never announced as a success. */
  incomplete: string;
  missingFiles: (missing: number, total: number, what: string) => string;
  failed: string;
  file: string;
  openLibraryFolder: string;
  view: string;
  window: string;
  edit: string;
  help: string;
}

const TEXT: Record<Language, ShellText> = {
  en: {
    completed: 'Generation finished',
    incomplete: 'Generation finished, files missing',
    missingFiles: (missing, total, what) =>
      `${missing} of ${total} files did not arrive (${what}). Open Tasks to see why and try again.`,
    failed: 'Generation failed',
    file: 'File',
    openLibraryFolder: 'Open Library Folder',
    view: 'View',
    window: 'Window',
    edit: 'Edit',
    help: 'Help',
  },
  'zh-CN': {
    completed: '生成完成',
    incomplete: '生成完成，但文件缺失',
    missingFiles: (missing, total, what) =>
      `${total} 个文件中有 ${missing} 个未能下载（${what}）。打开“任务”查看原因并重试。`,
    failed: '生成失败',
    file: '文件',
    openLibraryFolder: '打开媒体库文件夹',
    view: '视图',
    window: '窗口',
    edit: '编辑',
    help: '帮助',
  },
};

export function notificationText(language: Language): ShellText {
  return TEXT[language] ?? TEXT.en;
}
